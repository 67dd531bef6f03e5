import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RenderSummary } from "@storyboard/core/render/types";
import type { CharacterEntry, ScreenplayFormat } from "@storyboard/core/screenplay/types";
import { api } from "../../../lib/api";
import { useIsSignedIn } from "../../../lib/user";

export type ScreenplayStatus = "uploaded" | "parsing" | "ready" | "failed";

/** A row of GET /api/screenplays. */
export interface ScreenplaySummary {
  id: string;
  title: string;
  status: ScreenplayStatus;
  originalFileName: string;
  pageCount: number | null;
  estimatedCost: number | null;
  renderCount: number;
  uploadedAt: string;
  updatedAt: string;
}

/** GET /api/screenplays/{id}. Blocks are not read by these screens. */
export interface Screenplay extends ScreenplaySummary {
  userId: string;
  failureReason: string | null;
  format: ScreenplayFormat | null;
  characterDictionary: Record<string, CharacterEntry>;
}

/** Parsing runs after the upload answers; these statuses mean it has not finished. */
export const PROCESSING_STATUSES: readonly ScreenplayStatus[] = ["uploaded", "parsing"];
export const isProcessing = (status: string | undefined) => PROCESSING_STATUSES.includes(status as ScreenplayStatus);

/** How often a screenplay that is still being parsed is asked for again. */
export const PROCESSING_POLL_MS = 2000;

export const screenplayKeys = {
  list: ["screenplays"] as const,
  detail: (id: string) => ["screenplays", id] as const,
  renders: (id: string) => ["screenplays", id, "renders"] as const,
};

const path = (id: string) => `/api/screenplays/${encodeURIComponent(id)}`;

/** The caller's screenplays, newest first. Polls only while one of them is still being parsed. */
export const screenplaysQueryOptions = () =>
  queryOptions({
    queryKey: screenplayKeys.list,
    queryFn: () => api.get<ScreenplaySummary[]>("/api/screenplays"),
    refetchInterval: (query) => (query.state.data?.some((s) => isProcessing(s.status)) ? PROCESSING_POLL_MS : false),
  });

/** One screenplay; polled every 2 s until parsing ends in "ready" or "failed". */
export const screenplayQueryOptions = (id: string) =>
  queryOptions({
    queryKey: screenplayKeys.detail(id),
    queryFn: () => api.get<Screenplay>(path(id)),
    refetchInterval: (query) => (isProcessing(query.state.data?.status) ? PROCESSING_POLL_MS : false),
  });

export const screenplayRendersQueryOptions = (id: string) =>
  queryOptions({
    queryKey: screenplayKeys.renders(id),
    queryFn: () => api.get<RenderSummary[]>(`${path(id)}/renders`),
  });

/** The original file, served for the "file view" link (opened in a new tab). */
export const screenplayFileUrl = (id: string) => `${path(id)}/file`;

/** Waits for the session: the dashboard renders while it loads (app/guards.tsx). */
export const useScreenplays = () => useQuery({ ...screenplaysQueryOptions(), enabled: useIsSignedIn() });
export const useScreenplay = (id: string) => useQuery(screenplayQueryOptions(id));
export const useScreenplayRenders = (id: string) => useQuery(screenplayRendersQueryOptions(id));
