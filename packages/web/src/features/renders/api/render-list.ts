import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RenderSummary } from "@storyboard/core/render/types";
import { api, ApiError } from "../../../lib/api";
import { useIsSignedIn } from "../../../lib/user";

/** The caller's render jobs for the dashboard. A 404 means the route has no renders to give: an empty list. */
export async function fetchRenderList(): Promise<RenderSummary[]> {
  try {
    return (await api.get<RenderSummary[]>("/api/renders")) ?? [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/** Newest first, whatever order the server answered in. */
export function newestFirst<T extends { createdAt: string }>(renders: T[]): T[] {
  return [...renders].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** Under ["renders"], so invalidating every render query refreshes this list too. */
export const renderListQueryOptions = () =>
  queryOptions({
    queryKey: ["renders", "list"] as const,
    queryFn: fetchRenderList,
    select: newestFirst<RenderSummary>,
  });

/** Waits for the session: the dashboard renders while it loads (app/guards.tsx). */
export const useRenderList = () => useQuery({ ...renderListQueryOptions(), enabled: useIsSignedIn() });
