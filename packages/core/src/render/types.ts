/**
 * Browser-safe shapes of render answers, shared by the server that writes them
 * and the web that reads them (docs/product.md#api).
 */

/** One render in a list: a row of GET /api/renders and of GET /api/screenplays/{id}/renders. */
export interface RenderSummary {
  id: string;
  title: string;
  style: string;
  status: string;
  completedAt: string | null;
  estimatedCompletionTime: string | null;
  createdAt: string;
  /** The screenplay draft it was made from. */
  screenplayVersion?: number;
}

/** What became of an on-demand frame (docs/decisions.md#on-demand-frames). */
export const IMAGE_REQUEST_STATUSES = ["pending", "ready", "failed", "refused", "drawn"] as const;
export type ImageRequestStatus = (typeof IMAGE_REQUEST_STATUSES)[number];

/** An on-demand frame as the image picker shows it: an item of GET /api/renders/{id}/image-requests. */
export interface ImageRequestView {
  requestId: string;
  blockId: string;
  prompt: string;
  status: ImageRequestStatus;
  /** The frame's media key once ready (or drawn instead of a refused one). */
  url?: string;
  /** What the writer reads on a failed or refused frame. */
  message?: string;
  createdAt: string;
}

/** The frame the pipeline drew offline in place of a refused one is listed with this id prefix (and status "drawn"). */
export const DRAWN_IN_PLACE_PREFIX = "main-";
export const isDrawnInPlace = (frame: Pick<ImageRequestView, "requestId" | "status">) =>
  frame.status === "drawn" && frame.requestId.startsWith(DRAWN_IN_PLACE_PREFIX);
