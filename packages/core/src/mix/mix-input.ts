import type { Mood } from "./bed";
import type { Lane } from "./graph";

/** One line of speech in the mix: its file, where it plays and on which lane (mix.ts, pieces.ts). */
export interface MixClip {
  audioPath: string;
  /** Where the clip starts in the video (the timeline's startMs). */
  startMs: number;
  /** The line's own length. */
  durationMs: number;
  /** The timeline's hold when it differs from holdsOf's (a segment's last clip). */
  holdMs?: number;
  lane: Lane;
  /** 0-based scene the clip belongs to; scenes change where this does. */
  scene: number;
}

export type MixMusic =
  | { kind: "generated"; /** Per scene, its mood's score. */ moods: Mood[] }
  | { kind: "upload"; path: string; /** Brings the track to the bed's reference loudness. */ gainDb: number };
