/**
 * The frame strip of the review page: one frame per clip of the video, with
 * the time it starts (so a click seeks to it), its scene and shot as the shot
 * list names them ('Scene 3 Shot 3B') and its caption. Timing and names come
 * from the editing timeline's model at the video's own rate, so the strip and
 * the MP4 agree (timeline/model.ts).
 */
import { compiledClips, captionOf } from "../render/compile-plan";
import { hasMedia, type RenderBlockItem, type RenderJobItem } from "../render/jobs";
import { frameRateOf } from "../timeline/frame-rate";
import { storyboardTimeline } from "../timeline/model";
import { timelineSourceOf } from "../timeline/render-timeline";
import { DEFAULT_FRAME_RATE } from "../timeline/schema";
import type { ReviewFrame } from "./schema";

export interface FrameStrip {
  frames: ReviewFrame[];
  durationMs: number;
}

/** The frames of a complete render; `imageUrl(blockId)` says where the page fetches each picture. */
export function reviewFrames(job: RenderJobItem, blocks: RenderBlockItem[], imageUrl: (blockId: string) => string): FrameStrip {
  // A compiled video has every media block's picture and line; a block without them was never in it.
  const clips = compiledClips(blocks.filter((b) => !hasMedia(b) || (b.imageUrl?.[0] && b.audioUrl && b.duration)));
  if (!clips.length) return { frames: [], durationMs: 0 };
  const rate = frameRateOf(DEFAULT_FRAME_RATE);
  const frameMs = (rate.den * 1000) / rate.num;
  const timeline = storyboardTimeline({ ...timelineSourceOf(job, blocks, clips), rate });
  const byId = new Map(blocks.map((b) => [b.blockId, b]));
  const frames = timeline.shots.map((shot): ReviewFrame => {
    const block = byId.get(shot.blockId)!;
    return {
      blockId: shot.blockId,
      index: shot.index,
      sceneNumber: shot.sceneNumber,
      label: shot.name,
      startMs: Math.round(shot.startFrame * frameMs),
      durationMs: Math.round(shot.frames * frameMs),
      imageUrl: imageUrl(shot.blockId),
      text: captionOf(block),
    };
  });
  return { frames, durationMs: Math.round(timeline.totalFrames * frameMs) };
}

/** The frame on screen at `atMs` (the last one when past the end). */
export function frameAt<F extends Pick<ReviewFrame, "blockId" | "startMs">>(frames: readonly F[], atMs: number): F | undefined {
  let found = frames[0];
  for (const f of frames) if (f.startMs <= atMs) found = f;
  return found;
}
