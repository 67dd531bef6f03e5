/**
 * Frame rates as exact rationals. 23.976 is 24000/1001 frames a second: every
 * time is a whole number of frames, written as a multiple of the frame's exact
 * duration, so nothing drifts however long the film (docs/decisions.md#editing-timelines).
 */
import type { FrameRateLabel } from "./schema";

export interface FrameRate {
  label: FrameRateLabel;
  /** Frames per second = num / den. */
  num: number;
  den: number;
  /** The whole frames a timecode second counts (24 for 23.976: non-drop timecode). */
  timebase: number;
  /** NTSC-style pulled-down rate (23.976). */
  ntsc: boolean;
}

const RATES: Record<FrameRateLabel, FrameRate> = {
  "23.976": { label: "23.976", num: 24000, den: 1001, timebase: 24, ntsc: true },
  "24": { label: "24", num: 24, den: 1, timebase: 24, ntsc: false },
  "25": { label: "25", num: 25, den: 1, timebase: 25, ntsc: false },
  "30": { label: "30", num: 30, den: 1, timebase: 30, ntsc: false },
};

export const frameRateOf = (label: FrameRateLabel): FrameRate => RATES[label];

/** Frames per second as a number (for code that counts in floats, such as OTIO's rate). */
export const fpsOf = (rate: FrameRate) => rate.num / rate.den;

/** A frame count as FCPXML's rational seconds: "0s", "1001/24000s" per frame, reduced. */
export function rationalSeconds(frames: number, rate: FrameRate): string {
  if (frames === 0) return "0s";
  const num = frames * rate.den;
  const den = rate.num;
  const g = gcd(num, den);
  return den / g === 1 ? `${num / g}s` : `${num / g}/${den / g}s`;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** HH:MM:SS:FF, non-drop, counting `timebase` frames a second. */
export function timecode(frames: number, rate: FrameRate): string {
  const fps = rate.timebase;
  const pad = (n: number) => String(n).padStart(2, "0");
  const ff = frames % fps;
  const totalSeconds = Math.floor(frames / fps);
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor(totalSeconds / 60) % 60)}:${pad(totalSeconds % 60)}:${pad(ff)}`;
}

/** The frame nearest a time in ms. */
export const frameAt = (ms: number, rate: FrameRate) => Math.round((ms * rate.num) / (rate.den * 1000));

/** A frame count back to seconds, for checks against a video's length. */
export const secondsOf = (frames: number, rate: FrameRate) => (frames * rate.den) / rate.num;
