import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api";

/** A row of GET /api/renders (docs/product.md#api). */
export interface RenderListItem {
  id: string;
  title: string;
  style: string;
  status: string;
  completedAt: string | null;
  estimatedCompletionTime: string | null;
  createdAt: string;
}

/** The caller's render jobs for the dashboard. A 404 means the route has no renders to give: an empty list. */
export async function fetchRenderList(): Promise<RenderListItem[]> {
  try {
    return (await api.get<RenderListItem[]>("/api/renders")) ?? [];
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
    select: newestFirst<RenderListItem>,
  });

export const useRenderList = () => useQuery(renderListQueryOptions());
