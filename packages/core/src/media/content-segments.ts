/**
 * Video segments cut by content, not by position (docs/decisions.md#incremental-compile):
 * a segment starts at a scene whose opening picture hashes to a cut, so a
 * scene inserted, removed or rewritten moves only the cuts around it, and the
 * segments after it are the same runs of clips as before. Each segment then
 * starts on a whole frame (timeline.ts segmentStarts) and its encoding depends
 * only on what `segmentKeyInput` lists, so a segment encoded for an earlier
 * draft is reused as it is, and a full render cuts the same segments as an
 * incremental one.
 */
import { createHash } from "node:crypto";
import { type FrameSize, SEGMENT_FORMAT, SEGMENT_LIMITS, type Segment, segmentOf, VIDEO_ENCODING, visibleFrames } from "./segments";
import { buildTimeline, CROSSFADE_FRAMES, FPS, holdsOf, type Timeline } from "./timeline";

export interface SegmentClip {
  /** What the clip's picture is (its image's content hash): the same picture, the same identity. */
  identity: string;
  durationMs: number;
  /** The clip opens a scene: a place where a segment may start. */
  sceneStart: boolean;
}

/** About one cut every SCENES_PER_CUT scenes; never a segment shorter than MIN_CLIPS unless forced. */
export const CONTENT_CUTS = { scenesPerCut: 2, minClips: 4 };

const hashNumber = (identity: string) => createHash("sha256").update(identity).digest().readUInt32BE(0);

/** The first clip of every segment (0 first). */
export function contentSegmentStarts(clips: SegmentClip[], limits = SEGMENT_LIMITS, cuts = CONTENT_CUTS): number[] {
  const holds = holdsOf(clips.map((c) => c.durationMs));
  // Room for the frame padding and the crossfades' half frames at either end.
  const maxMs = ((limits.maxFrames - CROSSFADE_FRAMES) * 1000) / FPS;
  const starts = [0];
  let runClips = 0;
  let runMs = 0;
  clips.forEach((clip, i) => {
    if (i > 0) {
      const natural = clip.sceneStart && runClips >= cuts.minClips && hashNumber(clip.identity) % cuts.scenesPerCut === 0;
      // A run that would outgrow one task is cut where it is: only that run's cuts then depend on its start.
      const forced = runClips >= limits.maxClips || (runMs + holds[i] > maxMs && runClips > 0);
      if (natural || forced) {
        starts.push(i);
        runClips = 0;
        runMs = 0;
      }
    }
    runClips++;
    runMs += holds[i];
  });
  // Even a short render encodes in parallel: split a lone segment at the scene (or clip) nearest its middle.
  if (starts.length < limits.minSegments && clips.length >= limits.minSegments) {
    const middle = clips.length / 2;
    const scenes = clips.map((c, i) => (c.sceneStart && i > 0 ? i : -1)).filter((i) => i > 0);
    const at = scenes.length ? scenes.reduce((a, b) => (Math.abs(b - middle) < Math.abs(a - middle) ? b : a)) : Math.floor(middle);
    starts.push(at);
  }
  return starts;
}

/** The segments of a timeline built with the same starts. */
export function segmentsAt(timeline: Timeline, starts: number[]): Segment[] {
  return starts.map((firstClip, s) => segmentOf(timeline, firstClip, starts[s + 1] ?? timeline.clips.length));
}

/** The timeline and segments of a compile: content-defined cuts, each segment on whole frames. */
export function planContentSegments(clips: SegmentClip[], limits = SEGMENT_LIMITS): { timeline: Timeline; segments: Segment[] } {
  const starts = contentSegmentStarts(clips, limits);
  const timeline = buildTimeline(
    clips.map((c) => c.durationMs),
    { segmentStarts: starts },
  );
  return { timeline, segments: segmentsAt(timeline, starts) };
}

/**
 * Everything one segment's encoding reads (segments.ts segmentCommand), relative
 * to the segment: its clips' pictures, frames, pans and captions, the next
 * segment's first clip (the segment ends with the fade into it: segments.ts
 * segmentOf), and whether it ends the video. The same input encodes to the same
 * segment. Nothing here reads the clip before the segment, so a change before
 * it (which can move that clip's frames by one) leaves the segment as it was.
 */
export function segmentKeyInput(
  timeline: Timeline,
  segment: Segment,
  identities: string[],
  captions: (string | undefined)[] | undefined,
  size: FrameSize,
) {
  const { clips } = timeline;
  const through = Math.min(segment.endClip + 1, clips.length);
  return {
    encoding: VIDEO_ENCODING,
    format: SEGMENT_FORMAT,
    size: [size.width, size.height],
    frames: segment.endFrame - segment.startFrame,
    last: segment.endClip === clips.length,
    clips: clips.slice(segment.firstClip, through).map((c, k) => {
      const i = segment.firstClip + k;
      return {
        picture: identities[i],
        own: i < segment.endClip,
        firstFrame: c.firstFrame - segment.startFrame,
        endFrame: c.endFrame - segment.startFrame,
        fadeFrames: c.fadeFrames,
        visibleFrames: visibleFrames(timeline, i),
        panFromLeft: c.panFromLeft,
        caption: captions ? (captions[i] ?? null) : null,
      };
    }),
  };
}
