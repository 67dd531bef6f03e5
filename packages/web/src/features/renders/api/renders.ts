import { keepPreviousData, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { MediaCompletion, RenderPace } from "@storyboard/core/render/progress";
import type { Shot } from "@storyboard/core/board/shot-vocabulary";
import { api } from "../../../lib/api";
import { pollInterval } from "../utils/status";
import type { ImageRequestView, RenderSummary } from "@storyboard/core/render/types";
import { USER_QUERY_KEY } from "../../../lib/query-keys";

export type { ImageRequestView };

export type { MediaCompletion };

/** One block of a render's snapshot (docs/product.md#renders Block). `imageUrl[0]` is the image the video uses. */
export interface RenderBlock {
  id: string;
  type: string;
  text: string;
  character: string | null;
  sceneId: string | null;
  /** Milliseconds of narration; null until the audio exists. */
  duration: number | null;
  audioUrl: string | null;
  imageUrl: string[];
  imagePrompt: string | null;
  /** Whether the block gets an image and narration of its own. */
  hasMedia?: boolean;
  /** New or changed since the earlier render this one reuses from; the review steps show it first. */
  changed?: boolean;
  /** Size, angle, movement and number (docs/decisions.md#shots); null before the descriptions are written. */
  shot?: Shot | null;
}

export interface RenderCharacter {
  description?: string;
  /** The character's reference image (docs/decisions.md#character-reference-images). */
  reference?: { key: string; hash: string };
  isSpeaker?: boolean;
  pronouns?: { subject?: string; object?: string; possessive?: string };
  gender?: string;
}

export interface RenderScene {
  heading?: string;
  interior?: string | null;
  location?: string;
  timeOfDay?: string | null;
  description?: string;
}

export interface CharacterVoice {
  voiceId: string;
  voiceName?: string;
}

/** GET /api/renders/{id}. */
export interface RenderJob extends RenderSummary {
  userId: string;
  screenplayId: string;
  characterVoices: Record<string, CharacterVoice>;
  screenplaySnapshot: {
    characterDictionary?: Record<string, RenderCharacter>;
    sceneDictionary?: Record<string, RenderScene>;
    pageCount?: number;
    blocks: RenderBlock[];
  };
  outputFilePath: string | null;
  posterImagePath: string | null;
  combinedAudioPath: string | null;
  projectZipPath: string | null;
  storyboardPdfPath?: string | null;
  shotListPath?: string | null;
  /** The storyboard PDF's layout and the frames' aspect; absent on older answers (6-landscape, 16:9). */
  pdfLayout?: string;
  aspect?: string;
  previewDescriptionsBeforeFirstImages: boolean;
  previewImagesBeforeFirstRender: boolean;
  burnCaptions: boolean;
  pointsCharged: number;
  failureReason: string | null;
  /** When a phase cut off mid-way (a crash) was last resumed; null if never. */
  resumedAt?: string | null;
  /** What the running phase measured, for time left. */
  pace?: RenderPace;
}

/** Everything under ["renders"], so one invalidation refreshes the list (render-list.ts) and the details. */
export const renderKeys = {
  all: ["renders"] as const,
  list: ["renders", "list"] as const,
  detail: (id: string) => ["renders", "detail", id] as const,
  /** Keyed by status too: counts cached while generating must not stand in for those at assets_ready. */
  mediaCompletion: (id: string, status?: string) => ["renders", "detail", id, "media-completion", status ?? ""] as const,
  imageRequests: (id: string) => ["renders", "detail", id, "image-requests"] as const,
};

const path = (id: string) => `/api/renders/${encodeURIComponent(id)}`;

/** One render; polled every 10 s while its status is active (docs/product.md#renders), never otherwise. */
export const renderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: renderKeys.detail(id),
    queryFn: () => api.get<RenderJob>(path(id)),
    refetchInterval: (query) => pollInterval(query.state.data?.status),
  });

/** From generation on, progress counts media (docs/product.md#renders: 90 % once none remain), so it never falls back to time. */
export const MEDIA_PROGRESS_STATUSES: readonly string[] = ["generating_assets", "assets_ready", "rendering", "compiling"];

/** Which share of the images and narration exists; read once per status, polled while generating. */
export const mediaCompletionQueryOptions = (id: string, status: string | undefined) =>
  queryOptions({
    queryKey: renderKeys.mediaCompletion(id, status),
    queryFn: () => api.get<MediaCompletion>(`/api/renders/mediaCompletion/${encodeURIComponent(id)}`),
    enabled: !!status && MEDIA_PROGRESS_STATUSES.includes(status),
    // The previous status's counts stand in until the new ones arrive, so the bar never jumps back to a time estimate.
    placeholderData: keepPreviousData,
    refetchInterval: pollInterval(status === "generating_assets" ? status : undefined),
  });

export const useRender = (id: string) => useQuery(renderQueryOptions(id));
export const useMediaCompletion = (id: string, status: string | undefined) => useQuery(mediaCompletionQueryOptions(id, status));

/** While an on-demand frame is being drawn, the picker asks every 2 s (docs/decisions.md#on-demand-frames). */
export const IMAGE_REQUEST_POLL_MS = 2_000;

/**
 * The render's on-demand frames, polled while one is pending. When one settles, the render
 * (whose block now lists the frame) and the balance (a refund) are read again.
 */
export function useImageRequests(id: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: renderKeys.imageRequests(id),
    queryFn: async () => (await api.get<{ items: ImageRequestView[] }>(`${path(id)}/image-requests`)).items,
    refetchInterval: (q) => (q.state.data?.some((f) => f.status === "pending") ? IMAGE_REQUEST_POLL_MS : false),
  });
  const settled = query.data?.filter((f) => f.status !== "pending").length ?? 0;
  useEffect(() => {
    if (!settled) return;
    void queryClient.invalidateQueries({ queryKey: renderKeys.detail(id), exact: true });
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  }, [settled, id, queryClient]);
  return query;
}
