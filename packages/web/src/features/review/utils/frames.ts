import type { ReviewFrame } from "../api/types";

/** The frames in the order the video shows them. */
export const inVideoOrder = (frames: readonly ReviewFrame[]) => [...frames].sort((a, b) => a.startMs - b.startMs || a.index - b.index);

/** The frame on screen at `ms` (frames in video order): the last one that starts at or before it. */
export function frameAt(frames: readonly ReviewFrame[], ms: number): ReviewFrame | null {
  let found: ReviewFrame | null = null;
  for (const frame of frames) if (frame.startMs <= ms) found = frame;
  return found;
}
