/**
 * The timing of a compiled video, in whole frames. Every clip is held at
 * least MIN_HOLD_MS so a short line can be read, and the last one FINAL_HOLD_MS
 * longer so the video does not stop on the last word (docs/product.md#renders,
 * timing); the narration is padded with silence to the same holds (narration.ts).
 * Clip i starts at the sum of the holds before it; its picture boundary is that
 * time rounded to a frame, so the video never drifts from the narration and the
 * total frame count matches the audio length to within half a frame.
 * Consecutive pictures overlap by a short crossfade centred on the boundary.
 */
import { captionParts, partBounds } from "./captions";

export const FPS = 25;
/** About 0.3 s. */
export const CROSSFADE_FRAMES = 8;
/** The shortest time a shot stays on screen: long enough to read "You spoke?". */
export const MIN_HOLD_MS = 1500;
/** Added after the last line, so the film ends on a short still rather than mid-breath. */
export const FINAL_HOLD_MS = 2000;

/** How long each clip is on screen, given how long its narration speaks. */
export function holdsOf(speechMs: readonly number[]): number[] {
  return speechMs.map((d, i) => Math.max(d, MIN_HOLD_MS) + (i === speechMs.length - 1 ? FINAL_HOLD_MS : 0));
}

export interface TimedClip {
  /** Start of the clip (its picture and narration), in ms. */
  startMs: number;
  /** The narration's own length, in ms, exactly as the clip says. */
  durationMs: number;
  /** How long the clip is on screen: the narration, at least MIN_HOLD_MS, plus FINAL_HOLD_MS for the last. */
  holdMs: number;
  /** First frame where this picture is fully or partly visible. */
  firstFrame: number;
  /** Frames of fade-in over the previous picture (0 for the first clip). */
  fadeFrames: number;
  /** One past the last frame where this picture is the one on top. */
  endFrame: number;
  /** The pan's direction: alternating within each segment, so it never depends on the clip's place in the script. */
  panFromLeft: boolean;
}

export interface Timeline {
  clips: TimedClip[];
  totalFrames: number;
  /** The sum of the holds: the length of the video and of the combined narration. */
  totalMs: number;
}

export interface TimelineOptions {
  fps?: number;
  crossfadeFrames?: number;
  /**
   * The first clip of each video segment after the first (content-segments.ts). Each segment's last hold is
   * lengthened (by under a frame) so every segment starts on a whole frame: a segment's frames then depend on
   * its own clips only, wherever it sits, and an encoded one can be reused at another place.
   */
  segmentStarts?: number[];
  /** The rate whose whole frames segments start on: the video's (FPS), when a timeline at another rate follows its holds. */
  segmentFps?: number;
}

export function buildTimeline(durationsMs: number[], options: TimelineOptions = {}): Timeline {
  const { fps = FPS, crossfadeFrames = CROSSFADE_FRAMES, segmentStarts = [], segmentFps = fps } = options;
  for (const d of durationsMs) if (!Number.isFinite(d) || d <= 0) throw new Error(`Clip duration must be positive, got ${d}.`);
  const holds = holdsOf(durationsMs);
  const frameMs = 1000 / segmentFps;
  const segmentStartSet = new Set(segmentStarts.filter((s) => s > 0 && s < durationsMs.length));
  let segmentMs = 0;
  holds.forEach((hold, i) => {
    segmentMs += hold;
    if (!segmentStartSet.has(i + 1)) return;
    // Whole frames in integer ms only (25 fps: 40 ms); other rates keep their rounding.
    // Rounded to a nanosecond: speech lengths are fractional ms, and float sums must not ask for a whole frame more.
    const rest = Math.round((segmentMs % frameMs) * 1e6) / 1e6;
    if (Number.isInteger(frameMs) && rest > 0 && rest < frameMs) holds[i] += frameMs - rest;
    segmentMs = 0;
  });
  const starts: number[] = [];
  let total = 0;
  for (const hold of holds) {
    starts.push(total);
    total += hold;
  }
  // Boundaries in frames; every clip gets at least one frame of its own.
  const bounds = starts.map((s) => Math.round((s * fps) / 1000));
  bounds.push(Math.round((total * fps) / 1000));
  for (let i = 1; i < bounds.length; i++) if (bounds[i] <= bounds[i - 1]) bounds[i] = bounds[i - 1] + 1;

  let segmentFirst = 0;
  const clips: TimedClip[] = durationsMs.map((durationMs, i) => {
    if (segmentStartSet.has(i)) segmentFirst = i;
    const own = bounds[i + 1] - bounds[i];
    const previous = i > 0 ? bounds[i] - bounds[i - 1] : 0;
    // The fade takes at most half of either neighbour, so pictures never stack three deep.
    const fadeFrames = i === 0 ? 0 : Math.min(crossfadeFrames, Math.floor(own / 2), Math.floor(previous / 2));
    return {
      startMs: starts[i],
      durationMs,
      holdMs: holds[i],
      firstFrame: bounds[i] - Math.floor(fadeFrames / 2),
      fadeFrames,
      endFrame: 0,
      panFromLeft: (i - segmentFirst) % 2 === 0,
    };
  });
  clips.forEach((c, i) => {
    c.endFrame = i + 1 < clips.length ? clips[i + 1].firstFrame : bounds[bounds.length - 1];
  });
  return { clips, totalFrames: bounds[bounds.length - 1], totalMs: total };
}

function stamp(ms: number, separator: "," | "."): string {
  const t = Math.max(0, Math.round(ms));
  const h = Math.floor(t / 3_600_000);
  const m = Math.floor((t % 3_600_000) / 60_000);
  const s = Math.floor((t % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(t % 1000, 3)}`;
}

export interface Cue {
  startMs: number;
  endMs: number;
  text: string;
}

/**
 * The cues of each clip that has a caption, shown while its picture holds (as the
 * burned-in captions are), except the closing hold after the last line. A line
 * too long for the caption box is several cues in a row (captions.ts).
 */
export function cuesOf(timeline: Timeline, captions: (string | undefined)[]): Cue[] {
  const last = timeline.clips.length - 1;
  return timeline.clips.flatMap((c, i) => {
    const text = captions[i]?.replace(/\s+/g, " ").trim();
    if (!text) return [];
    const shownMs = i === last ? c.holdMs - FINAL_HOLD_MS : c.holdMs;
    const parts = captionParts(text);
    return partBounds(parts, Math.round(shownMs)).map(({ start, end }, k) => ({ startMs: c.startMs + start, endMs: c.startMs + end, text: parts[k].text }));
  });
}

export function toSrt(cues: Cue[]): string {
  return cues.map((c, i) => `${i + 1}\n${stamp(c.startMs, ",")} --> ${stamp(c.endMs, ",")}\n${c.text}\n`).join("\n");
}

export function toVtt(cues: Cue[]): string {
  // "-->" may not appear in a WebVTT cue payload.
  const body = cues.map((c) => `${stamp(c.startMs, ".")} --> ${stamp(c.endMs, ".")}\n${c.text.replace(/-->/g, "->")}\n`).join("\n");
  return `WEBVTT\n\n${body}`;
}
