import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, withQuery } from "../../../lib/api";

/** The featured-list view of a showcase entry (spec §3). */
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

/** Landing shows 3, the admin list 20 (spec §9). */
export const LANDING_FEATURED_LIMIT = 3;

export const featuredShowcaseQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: ["featured-showcase", { limit }],
    queryFn: async () => {
      const data = await api.get<FeaturedShowcaseEntry[] | { entries?: FeaturedShowcaseEntry[] }>(
        withQuery("/api/featured-showcase", { limit }),
      );
      return Array.isArray(data) ? data : (data?.entries ?? []);
    },
  });

export function useFeaturedShowcase(limit: number) {
  return useQuery(featuredShowcaseQueryOptions(limit));
}
