import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { SHOWCASE_LIMITS } from "@storyboard/core/showcase/limits";
import { toast } from "../../../components/ui/use-toast";
import { api, serverMessageOr, withQuery } from "../../../lib/api";

/** The featured-list view of a showcase entry (docs/product.md#showcase). */
export interface FeaturedShowcaseEntry {
  id: string;
  showcaseEntryId: string;
  title: string;
  genre?: string | null;
  logline?: string | null;
  thumbnailUrl?: string | null;
  posterUrl?: string | null;
  videoUrl?: string | null;
  displayName?: string | null;
}

/** Landing shows 3, the explore strip 4, the admin list 20 (docs/product.md#constants). */
export const LANDING_FEATURED_LIMIT = SHOWCASE_LIMITS.landingFeatured;
export const FEATURED_STRIP_LIMIT = SHOWCASE_LIMITS.featuredStrip;
export const ADMIN_FEATURED_LIMIT = SHOWCASE_LIMITS.adminFeatured;

export const featuredShowcaseQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: ["featured-showcase", { limit }],
    queryFn: () => api.get<FeaturedShowcaseEntry[]>(withQuery("/api/featured-showcase", { limit })),
  });

export function useFeaturedShowcase(limit: number) {
  return useQuery(featuredShowcaseQueryOptions(limit));
}

const adminError = (fallback: string) => (error: unknown) =>
  toast({ variant: "destructive", title: "Error", description: serverMessageOr(error, fallback, "An unexpected error occurred") });

export function useAddFeatured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (showcaseEntryId: string) => api.post("/api/featured-showcase", { showcaseEntryId }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["featured-showcase"] });
      toast({ title: "Showcase entry added to featured list" });
    },
    onError: adminError("Failed to add to featured"),
  });
}

export function useRemoveFeatured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (showcaseEntryId: string) => api.delete(`/api/featured-showcase/${encodeURIComponent(showcaseEntryId)}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["featured-showcase"] });
      toast({ title: "Featured showcase entry removed" });
    },
    onError: adminError("Failed to remove featured entry"),
  });
}

export interface ShowcaseReport {
  id: string;
  showcaseEntryId: string;
  reason: string;
  reasonLabel: string;
  message: string | null;
  createdAt: string;
  entry: { title: string; displayName: string; isPublic: boolean } | null;
}

export const showcaseReportsQueryOptions = () =>
  queryOptions({ queryKey: ["showcase-reports"], queryFn: () => api.get<ShowcaseReport[]>("/api/admin/showcase-reports") });

export const useShowcaseReports = () => useQuery(showcaseReportsQueryOptions());

/** An entry under a moderation hold (Admin Fixes). */
export interface ShowcaseHold {
  showcaseEntryId: string;
  title: string;
  displayName: string;
  heldAt: string;
}

export const useShowcaseHolds = () =>
  useQuery({ queryKey: ["showcase-holds"], queryFn: () => api.get<ShowcaseHold[]>("/api/admin/showcase-holds") });

export function useLiftHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ message: string }>(`/api/admin/showcase-holds/${encodeURIComponent(id)}/lift`),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: ["showcase-holds"] });
      void queryClient.invalidateQueries({ queryKey: ["showcase"] });
      toast({ title: answer?.message ?? "Hold lifted" });
    },
    onError: adminError("Failed to lift the hold"),
  });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: "unpublish" | "dismiss" }) =>
      api.post<{ message: string }>(`/api/admin/showcase-reports/${encodeURIComponent(id)}/${action}`),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: ["showcase-reports"] });
      void queryClient.invalidateQueries({ queryKey: ["showcase-holds"] });
      void queryClient.invalidateQueries({ queryKey: ["featured-showcase"] });
      void queryClient.invalidateQueries({ queryKey: ["showcase"] });
      toast({ title: answer?.message ?? "Done" });
    },
    onError: adminError("Failed to process request"),
  });
}
