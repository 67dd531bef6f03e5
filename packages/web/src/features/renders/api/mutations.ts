import type { PdfLayout, ShotEdit } from "@storyboard/core/board/schema";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { api, ApiError } from "../../../lib/api";
import { USER_QUERY_KEY } from "../../../lib/query-keys";
import { type ImageRequestView, renderKeys } from "./renders";

/** The render, its media counts and the list all live under ["renders", ...]. */
const refreshRender = (queryClient: QueryClient, id: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: renderKeys.detail(id) }),
    queryClient.invalidateQueries({ queryKey: renderKeys.list, exact: true }),
  ]);

/** Points changed: the header's balance and the points screen read these. */
const refreshPoints = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }), queryClient.invalidateQueries({ queryKey: ["points"] })]);

export interface DescriptionEdits {
  characterDictionary: Record<string, { description: string }>;
  sceneDictionary: Record<string, { description: string }>;
  /** The writer's shots, by block id (docs/decisions.md#shots). */
  shots?: Record<string, ShotEdit>;
}

/** PUT /api/renders/{id}/descriptions (review gate 1). `quiet` skips the success toast when a start follows. */
export function useUpdateDescriptions(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ edits }: { edits: DescriptionEdits; quiet?: boolean }) =>
      api.put(`/api/renders/${encodeURIComponent(id)}/descriptions`, edits),
    onSuccess: async (_data, { quiet }) => {
      if (!quiet) toast({ title: "Descriptions Updated" });
      await refreshRender(queryClient, id);
    },
    onError: () => toast({ variant: "destructive", title: "Update Failed", description: "Failed to save descriptions. Please try again." }),
  });
}

const putStatus = (renderJobId: string, status: string) => api.put("/api/renders/status", { renderJobId, status });

/** descriptions_ready → generating_assets: images and narration start. */
export function useStartGeneration(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => putStatus(id, "generating_assets"),
    onSuccess: async () => {
      toast({ title: "Generation Started" });
      await refreshRender(queryClient, id);
    },
    onError: () =>
      toast({
        variant: "destructive",
        title: "Generation Failed",
        description: "Failed to start image and audio generation. Please try again.",
      }),
  });
}

/** assets_ready → rendering: the first video is included in the render's price. */
export function useCreateVideo(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => putStatus(id, "rendering"),
    onSuccess: () => refreshRender(queryClient, id),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Video Failed",
        description:
          error instanceof ApiError && error.serverMessage ? error.serverMessage : "Failed to start the video. Please try again.",
      }),
  });
}

/**
 * POST /api/renders/blocks/image: a new frame for a block (10 points), answered pending and drawn in the
 * background (docs/decisions.md#on-demand-frames). The caller sends one key per intent, so a repeated
 * send charges once. docs/product.md#errors: a refused request is only logged; the frames are read again either way.
 */
export function useGenerateImage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { blockId: string; imagePrompt: string; idempotencyKey: string }) => {
      try {
        return await api.post<ImageRequestView>("/api/renders/blocks/image", { renderJobId: id, ...input });
      } catch (error) {
        console.error("Image generation failed", error);
        return null;
      }
    },
    onSettled: () =>
      Promise.all([
        refreshRender(queryClient, id),
        refreshPoints(queryClient),
        queryClient.invalidateQueries({ queryKey: renderKeys.imageRequests(id) }),
      ]),
  });
}

/** POST /api/renders/blocks/drawn-frame: a refused prompt drawn offline instead, free. */
export function useDrawnFrame(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => api.post<ImageRequestView>("/api/renders/blocks/drawn-frame", { renderJobId: id, requestId }),
    onSettled: () => Promise.all([refreshRender(queryClient, id), queryClient.invalidateQueries({ queryKey: renderKeys.imageRequests(id) })]),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Failed to draw the frame",
        description: error instanceof ApiError && error.serverMessage ? error.serverMessage : "Please try again.",
      }),
  });
}

/** POST /api/renders/save-image-order: the first url is the image the video uses. */
export function useSaveImageOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ blockId, imageUrl }: { blockId: string; imageUrl: string[] }) =>
      api.post("/api/renders/save-image-order", { renderJobId: id, blockId, imageUrl }),
    onSuccess: () => refreshRender(queryClient, id),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Failed to save image",
        description: error instanceof ApiError && error.serverMessage ? error.serverMessage : "Please try again.",
      }),
  });
}

/** POST /api/renders/re-render: compiles the video again for 40 points a page. */
export function useReRender(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/renders/re-render", { renderJobId: id }),
    onSuccess: async () => {
      toast({ title: "Re-render Started" });
      await Promise.all([refreshRender(queryClient, id), refreshPoints(queryClient)]);
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Re-render Failed",
        description:
          error instanceof ApiError
            ? (error.serverMessage ?? "Failed to start re-render")
            : "An error occurred while starting the re-render",
      }),
  });
}

/** POST /api/renders/{id}/storyboard-pdf: the storyboard PDF laid out again (docs/decisions.md#storyboard-pdf-layout-on-the-render-page). */
export function useRelayoutPdf(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (layout: PdfLayout) =>
      api.post<{ storyboardPdfPath: string; pdfLayout: PdfLayout }>(`/api/renders/${encodeURIComponent(id)}/storyboard-pdf`, { layout }),
    onSuccess: async () => {
      toast({ title: "Storyboard PDF Ready", description: "The download now has the layout you chose." });
      await refreshRender(queryClient, id);
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Layout Failed",
        description:
          error instanceof ApiError && error.serverMessage ? error.serverMessage : "The PDF could not be laid out again. Please try again.",
      }),
  });
}

/** PUT /api/renders/{id}/character-reference: the writer's own picture as a character's reference image. */
export function useReplaceCharacterReference(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, image }: { name: string; image: string }) =>
      api.put(`/api/renders/${encodeURIComponent(id)}/character-reference`, { name, image }),
    onSuccess: () => refreshRender(queryClient, id),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Failed to replace the picture",
        description: error instanceof ApiError && error.serverMessage ? error.serverMessage : "Please try again.",
      }),
  });
}
