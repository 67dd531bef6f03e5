/**
 * A shot in the words image models follow (docs/decisions.md#shots): the
 * cinematography terms they were trained on, with what each means in the frame,
 * so "close-up" gives a face and an insert gives the object alone.
 */
import type { Shot, ShotAngle, ShotMovement, ShotSize } from "./shot-vocabulary";

const SIZE_WORDS: Record<ShotSize, string> = {
  extreme_wide: "Extreme wide shot, the whole location small in the frame",
  wide: "Wide shot, the whole set and everyone in it, figures small",
  full: "Full shot, figures head to toe",
  medium: "Medium shot, framed from the waist up",
  medium_close_up: "Medium close-up, framed from the chest up",
  close_up: "Close-up, a face with head and shoulders filling the frame",
  extreme_close_up: "Extreme close-up, a detail of the face filling the frame",
  insert: "Insert shot, the object alone filling the frame, no people",
};

const ANGLE_WORDS: Record<ShotAngle, string> = {
  eye_level: "eye-level camera",
  high: "high-angle shot looking down on the subject",
  low: "low-angle shot looking up at the subject",
  overhead: "overhead top-down shot",
  pov: "point-of-view shot through the character's eyes, the viewer not visible",
  over_the_shoulder: "over-the-shoulder shot, the listener's shoulder in the foreground",
};

const MOVEMENT_WORDS: Record<ShotMovement, string> = {
  static: "",
  pan: "camera panning",
  tilt: "camera tilting",
  push_in: "slow push-in",
  pull_out: "slow pull-out",
  track: "tracking shot, motion blur in the background",
};

/** "Close-up, a face with head and shoulders filling the frame, low-angle shot looking up at the subject". */
export function shotWords(shot: Pick<Shot, "size" | "angle" | "movement">): string {
  return [SIZE_WORDS[shot.size], ANGLE_WORDS[shot.angle], MOVEMENT_WORDS[shot.movement]].filter(Boolean).join(", ");
}
