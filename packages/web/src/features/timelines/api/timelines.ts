import type { FrameRateLabel, TimelineFormat } from "@storyboard/core/timeline/schema";
import { withQuery } from "../../../lib/api";

/** A finished render's timeline at a frame rate: a download the server writes on request (docs/product.md#editing-timelines). */
export const timelineUrl = (renderId: string, format: TimelineFormat, fps: FrameRateLabel) =>
  withQuery(`/api/renders/${encodeURIComponent(renderId)}/timelines/${format}`, { fps });
