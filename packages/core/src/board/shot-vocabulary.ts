/**
 * The shot vocabulary of a board (docs/decisions.md#shots): size, angle and
 * movement of every visual block. Browser-safe: the descriptions review shows
 * these as three selects per block.
 */
export const SHOT_SIZES = ["extreme_wide", "wide", "full", "medium", "medium_close_up", "close_up", "extreme_close_up", "insert"] as const;
export const SHOT_ANGLES = ["eye_level", "high", "low", "overhead", "pov", "over_the_shoulder"] as const;
export const SHOT_MOVEMENTS = ["static", "pan", "tilt", "push_in", "pull_out", "track"] as const;

export type ShotSize = (typeof SHOT_SIZES)[number];
export type ShotAngle = (typeof SHOT_ANGLES)[number];
export type ShotMovement = (typeof SHOT_MOVEMENTS)[number];

/** What the camera does for one visual block, and its number in the production style (12A, 12B …). */
export interface Shot {
  size: ShotSize;
  angle: ShotAngle;
  movement: ShotMovement;
  number: string;
}

export const SHOT_SIZE_LABELS: Record<ShotSize, string> = {
  extreme_wide: "Extreme wide",
  wide: "Wide",
  full: "Full",
  medium: "Medium",
  medium_close_up: "Medium close-up",
  close_up: "Close-up",
  extreme_close_up: "Extreme close-up",
  insert: "Insert",
};

export const SHOT_ANGLE_LABELS: Record<ShotAngle, string> = {
  eye_level: "Eye level",
  high: "High angle",
  low: "Low angle",
  overhead: "Overhead",
  pov: "POV",
  over_the_shoulder: "Over the shoulder",
};

export const SHOT_MOVEMENT_LABELS: Record<ShotMovement, string> = {
  static: "Static",
  pan: "Pan",
  tilt: "Tilt",
  push_in: "Push in",
  pull_out: "Pull out",
  track: "Track",
};

/** "12B · Close-up, low angle, push in": one line for a panel or a list. */
export const shotLine = (shot: Shot) =>
  `${shot.number} · ${SHOT_SIZE_LABELS[shot.size]}, ${SHOT_ANGLE_LABELS[shot.angle].replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase())}, ${SHOT_MOVEMENT_LABELS[shot.movement].toLowerCase()}`;

/**
 * "Scene 3 Shot 3B": how a frame is named wherever a person points at it (the editing timelines, the
 * review page, the owner's review comments), from the board's own shot numbering.
 */
export const shotLabel = (sceneNumber: number, shotNumber: string) => `Scene ${sceneNumber} Shot ${shotNumber}`;
