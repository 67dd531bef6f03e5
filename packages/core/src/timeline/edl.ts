/**
 * `storyboard.edl`: a CMX 3600 edit decision list. One video cut per shot, its
 * reel named from the shot number (eight characters at most, as CMX readers
 * expect), source in at zero (a still has no timecode), record times contiguous
 * from 00:00:00:00, non-drop timecode at the chosen rate. The clip name and
 * the file are comments under each event, as Resolve and Premiere write them.
 */
import { timecode } from "./frame-rate";
import { plainLine, type StoryboardTimeline, type TimelineShot } from "./model";

/** "SH12A": the shot number, letters and digits only, prefixed so it never reads as a timecode. */
export const reelOf = (s: TimelineShot) => `SH${s.shot.number.toUpperCase().replace(/[^A-Z0-9]/g, "")}`.slice(0, 8);

export function toEdl(timeline: StoryboardTimeline): string {
  const { rate } = timeline;
  const tc = (frames: number) => timecode(frames, rate);
  const width = Math.max(3, String(timeline.shots.length).length);
  const lines = [`TITLE: ${plainLine(timeline.title).toUpperCase().slice(0, 70) || "STORYBOARD"}`, "FCM: NON-DROP FRAME", ""];
  for (const s of timeline.shots) {
    const event = String(s.index + 1).padStart(width, "0");
    lines.push(
      `${event}  ${reelOf(s).padEnd(8)} V     C        ${tc(0)} ${tc(s.frames)} ${tc(s.startFrame)} ${tc(s.startFrame + s.frames)}`,
      `* FROM CLIP NAME: ${s.name}`,
      `* SOURCE FILE: ${s.imagePath}`,
    );
    const scene = timeline.scenes.find((m) => m.startFrame === s.startFrame);
    if (scene) lines.push(`* LOC: ${tc(s.startFrame)} RED     ${plainLine(scene.heading)}`);
    lines.push("");
  }
  return lines.join("\r\n");
}
