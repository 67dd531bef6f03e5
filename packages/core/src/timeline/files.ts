/**
 * The four timeline files of a render, as the project zip holds them under
 * timeline/ and the render page offers them (docs/product.md#editing-timelines).
 */
import { toEdl } from "./edl";
import { toFcpxml } from "./fcpxml";
import { frameRateOf } from "./frame-rate";
import { type StoryboardTimelineInput, storyboardTimeline, type StoryboardTimeline } from "./model";
import { toOtio } from "./otio";
import { type FrameRateLabel, TIMELINE_FILES, TIMELINE_FORMATS, type TimelineFormat } from "./schema";
import { toXmeml } from "./xmeml";

const WRITERS: Record<TimelineFormat, (timeline: StoryboardTimeline) => string> = {
  fcpxml: toFcpxml,
  xml: toXmeml,
  otio: toOtio,
  edl: toEdl,
};

export type TimelineSource = Omit<StoryboardTimelineInput, "rate">;

export function timelineFile(source: TimelineSource, fps: FrameRateLabel, format: TimelineFormat) {
  const timeline = storyboardTimeline({ ...source, rate: frameRateOf(fps) });
  return { ...TIMELINE_FILES[format], text: WRITERS[format](timeline) };
}

/** All four, by file name (the project zip puts them under timeline/), from one model. */
export function timelineFiles(source: TimelineSource, fps: FrameRateLabel): { name: string; text: string }[] {
  const timeline = storyboardTimeline({ ...source, rate: frameRateOf(fps) });
  return TIMELINE_FORMATS.map((format) => ({ name: TIMELINE_FILES[format].file, text: WRITERS[format](timeline) }));
}
