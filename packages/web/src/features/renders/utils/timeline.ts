import { holdsOf } from "@storyboard/core/media/timeline";

/** The timeline editor's maths (docs/product.md#constants): zoom in pixels per millisecond, block widths, positions. */
export const ZOOM_INITIAL = 0.02;
export const ZOOM_MIN = 0.001;
export const ZOOM_MAX = 1;
export const ZOOM_STEP = 1.5;
export const MIN_BLOCK_WIDTH_PX = 30;
export const DEFAULT_BLOCK_DURATION_MS = 1000;

export const clampZoom = (zoom: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));
export const zoomIn = (zoom: number) => clampZoom(zoom * ZOOM_STEP);
export const zoomOut = (zoom: number) => clampZoom(zoom / ZOOM_STEP);
export const canZoomIn = (zoom: number) => zoom < ZOOM_MAX;
export const canZoomOut = (zoom: number) => zoom > ZOOM_MIN;

/** A block without a usable duration (no narration yet) counts as one second. */
export function blockDurationMs(duration: number | null | undefined): number {
  return typeof duration === "number" && Number.isFinite(duration) && duration > 0 ? duration : DEFAULT_BLOCK_DURATION_MS;
}

export const blockWidthPx = (duration: number | null | undefined, zoom: number) =>
  Math.max(MIN_BLOCK_WIDTH_PX, blockDurationMs(duration) * zoom);

export interface TimelineItem<B> {
  block: B;
  /** When the block starts in the video, in milliseconds. */
  startMs: number;
  /** How long it is on screen, in milliseconds. */
  durationMs: number;
  leftPx: number;
  widthPx: number;
}

/**
 * Lays the blocks end to end as the video shows them: each for its time on screen (its narration, held at least
 * as long as the video holds a shot, the last one longer: docs/product.md#renders), as wide as that at this zoom
 * but never narrower than 30 px.
 */
export function layoutTimeline<B extends { duration: number | null | undefined }>(blocks: readonly B[], zoom: number) {
  const holds = holdsOf(blocks.map((b) => blockDurationMs(b.duration)));
  const items: TimelineItem<B>[] = [];
  let startMs = 0;
  let leftPx = 0;
  blocks.forEach((block, i) => {
    const durationMs = holds[i];
    const widthPx = blockWidthPx(durationMs, zoom);
    items.push({ block, startMs, durationMs, leftPx, widthPx });
    startMs += durationMs;
    leftPx += widthPx;
  });
  return { items, totalMs: startMs, totalWidthPx: leftPx };
}

/** Shared with the review page (lib/timecode.ts). */
export { formatTimecode } from "../../../lib/timecode";

/** The blocks that have an image and narration of their own: the ones the video shows. */
export const timelineBlocks = <B extends { hasMedia?: boolean; imageUrl: readonly string[] }>(blocks: readonly B[]) =>
  blocks.filter((b) => b.hasMedia ?? b.imageUrl.length > 0);
