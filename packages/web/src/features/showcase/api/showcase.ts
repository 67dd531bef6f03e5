import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, withQuery } from "../../../lib/api";

export interface ShowcaseEntry {
  id: string;
  renderJobId?: string;
  userId: string;
  title: string;
  logline?: string | null;
  videoUrl?: string | null;
  posterUrl?: string | null;
  thumbnailUrl?: string | null;
  genre?: string | null;
  subgenres?: string[];
  tags?: string[];
  displayName?: string | null;
  createdAt: string;
}

export interface ShowcaseSearchResult {
  entries: ShowcaseEntry[];
  pagination: { total: number; pages: number };
}

export const SHOWCASE_PAGE_SIZE = 12;

export const showcaseSearchQueryOptions = (params: { page: number; search: string }) =>
  queryOptions({
    queryKey: ["showcase", "search", params],
    queryFn: () =>
      api.get<ShowcaseSearchResult>(
        withQuery("/api/showcase/search", { page: params.page, limit: SHOWCASE_PAGE_SIZE, search: params.search }),
      ),
    placeholderData: keepPreviousData,
  });

export const showcaseEntryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["showcase", "single", id],
    queryFn: () => api.get<ShowcaseEntry>(`/api/showcase/single/${encodeURIComponent(id)}`),
  });

export const useShowcaseSearch = (params: { page: number; search: string }) => useQuery(showcaseSearchQueryOptions(params));
export const useShowcaseEntry = (id: string) => useQuery(showcaseEntryQueryOptions(id));
