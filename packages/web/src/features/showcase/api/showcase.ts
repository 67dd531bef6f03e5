import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { SHOWCASE_LIMITS } from "@storyboard/core/showcase/limits";
import type { EditInput, PromoteInput } from "@storyboard/core/showcase/schema";
import { toast } from "../../../components/ui/use-toast";
import { api, ApiError, withQuery } from "../../../lib/api";

export interface ShowcaseEntry {
  id: string;
  showcaseEntryId?: string;
  renderJobId?: string;
  userId: string;
  title: string;
  logline?: string | null;
  videoUrl?: string | null;
  posterUrl?: string | null;
  /** The render's aspect (catalog/aspects.ts): the player keeps it; absent on older answers (16:9). */
  aspect?: string;
  thumbnailUrl?: string | null;
  genre?: string | null;
  subgenres?: string[];
  tags?: string[];
  displayName?: string | null;
  isPublic?: boolean;
  /** An admin unpublished it: hidden until an admin lifts the hold (docs/product.md#showcase). */
  heldByModeration?: boolean;
  /** Only on the single-entry read: whether the caller owns it. */
  isOwner?: boolean;
  /** Only for the owner: the images the thumbnail can be chosen from. */
  thumbnailOptions?: string[];
  createdAt: string;
}

export interface ShowcaseSearchResult {
  entries: ShowcaseEntry[];
  pagination: { total: number; pages: number };
}

export interface ShowcaseFilters {
  search: string;
  genre: string;
  subgenres: string[];
  tags: string[];
}

export const SHOWCASE_PAGE_SIZE = SHOWCASE_LIMITS.searchPage;

export const showcaseKeys = {
  all: ["showcase"] as const,
  search: (params: ShowcaseFilters & { page: number }) => ["showcase", "search", params] as const,
  single: (id: string) => ["showcase", "single", id] as const,
  byUser: (userId: string, excludeId?: string) => ["showcase", "by-user", userId, excludeId ?? null] as const,
  byRender: (renderJobId: string) => ["showcase", "by-render", renderJobId] as const,
};

export const showcaseSearchQueryOptions = (params: ShowcaseFilters & { page: number }) =>
  queryOptions({
    queryKey: showcaseKeys.search(params),
    queryFn: () =>
      api.get<ShowcaseSearchResult>(
        withQuery("/api/showcase/search", {
          page: params.page,
          limit: SHOWCASE_PAGE_SIZE,
          search: params.search,
          genre: params.genre,
          subgenres: params.subgenres.join(","),
          tags: params.tags.join(","),
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const showcaseEntryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: showcaseKeys.single(id),
    queryFn: () => api.get<ShowcaseEntry>(`/api/showcase/single/${encodeURIComponent(id)}`),
  });

/** Other works of a creator: fetch 6, the page shows 3 and counts the rest (docs/product.md#constants). */
export const creatorEntriesQueryOptions = (userId: string, excludeId?: string) =>
  queryOptions({
    queryKey: showcaseKeys.byUser(userId, excludeId),
    queryFn: () =>
      api.get<ShowcaseEntry[]>(
        withQuery(`/api/showcase/by-user/${encodeURIComponent(userId)}`, { limit: SHOWCASE_LIMITS.otherWorksFetch, excludeId }),
      ),
  });

/** The caller's entry of a render, or null when it was never promoted. */
export const renderEntryQueryOptions = (renderJobId: string) =>
  queryOptions({
    queryKey: showcaseKeys.byRender(renderJobId),
    queryFn: () => api.get<ShowcaseEntry | null>(`/api/showcase/by-render/${encodeURIComponent(renderJobId)}`),
  });

export const useShowcaseSearch = (params: ShowcaseFilters & { page: number }) => useQuery(showcaseSearchQueryOptions(params));
export const useShowcaseEntry = (id: string) => useQuery(showcaseEntryQueryOptions(id));
export const useCreatorEntries = (userId: string | undefined, excludeId?: string) =>
  useQuery({ ...creatorEntriesQueryOptions(userId ?? "", excludeId), enabled: Boolean(userId) });
export const useRenderEntry = (renderJobId: string) => useQuery(renderEntryQueryOptions(renderJobId));

const serverMessage = (error: unknown) => (error instanceof ApiError ? error.serverMessage : undefined);

export function usePromoteToShowcase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PromoteInput) => api.post<ShowcaseEntry>("/api/showcase/promote", input),
    onSuccess: (entry) => {
      queryClient.setQueryData(showcaseKeys.byRender(entry.renderJobId ?? ""), entry);
      void queryClient.invalidateQueries({ queryKey: showcaseKeys.all });
      toast({ title: "Promoted to Showcase", description: "Your storyboard is now public in the showcase." });
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Promotion Failed",
        description:
          error instanceof ApiError
            ? (error.serverMessage ?? "Failed to promote to showcase")
            : "An error occurred while promoting to showcase",
      }),
  });
}

export function useEditShowcaseEntry(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditInput) => api.put<ShowcaseEntry>(`/api/showcase/${encodeURIComponent(id)}`, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: showcaseKeys.all });
      void queryClient.invalidateQueries({ queryKey: ["featured-showcase"] });
      toast({ title: "Showcase Updated", description: "Your changes are saved." });
    },
    onError: (error) => toast({ variant: "destructive", title: "Failed to update showcase entry", description: serverMessage(error) }),
  });
}

export interface ContactRequest {
  creatorId: string;
  showcaseEntryId?: string | null;
  reason: string;
  message?: string;
}

export function useContactCreator() {
  return useMutation({
    mutationFn: (input: ContactRequest) => api.post<{ message: string }>("/api/contact-requests", input),
    onSuccess: (answer) => toast({ title: "Message sent", description: answer?.message ?? "Your message was sent to the creator." }),
    onError: (error) => toast({ variant: "destructive", title: "Failed to send contact request", description: serverMessage(error) }),
  });
}

export function useReportEntry(id: string) {
  return useMutation({
    mutationFn: (input: { reason: string; message?: string }) =>
      api.post<{ message: string }>(`/api/showcase/${encodeURIComponent(id)}/report`, input),
    onSuccess: (answer) => toast({ title: "Report sent", description: answer?.message }),
    onError: (error) => toast({ variant: "destructive", title: "Failed to send report", description: serverMessage(error) }),
  });
}
