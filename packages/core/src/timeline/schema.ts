import { z } from "zod";

/**
 * Browser-safe names of the editing timelines (docs/product.md#editing-timelines):
 * the frame rates an editor may choose and the four files, shared by the
 * render page's downloads and the handler that writes them.
 */
export const FRAME_RATES = ["23.976", "24", "25", "30"] as const;
export type FrameRateLabel = (typeof FRAME_RATES)[number];
/** The video's own rate (media/timeline.ts FPS), so the timeline matches the MP4 frame for frame. */
export const DEFAULT_FRAME_RATE: FrameRateLabel = "25";

export const frameRateSchema = z.enum(FRAME_RATES, { error: "Choose a frame rate: 23.976, 24, 25 or 30." });

export const TIMELINE_FORMATS = ["fcpxml", "xml", "otio", "edl"] as const;
export type TimelineFormat = (typeof TIMELINE_FORMATS)[number];

export const TIMELINE_FILES: Record<TimelineFormat, { file: string; label: string; contentType: string }> = {
  fcpxml: { file: "storyboard.fcpxml", label: "Final Cut Pro / DaVinci Resolve (FCPXML)", contentType: "application/xml; charset=utf-8" },
  xml: { file: "storyboard.xml", label: "Premiere Pro (Final Cut 7 XML)", contentType: "application/xml; charset=utf-8" },
  otio: { file: "storyboard.otio", label: "OpenTimelineIO", contentType: "application/json; charset=utf-8" },
  edl: { file: "storyboard.edl", label: "EDL (CMX 3600)", contentType: "text/plain; charset=utf-8" },
};

export const timelineFormatSchema = z.enum(TIMELINE_FORMATS, { error: "Choose a timeline format: fcpxml, xml, otio or edl." });
export const timelineQuerySchema = z.object({ fps: frameRateSchema.default(DEFAULT_FRAME_RATE) });
