/**
 * Frames an offline picture as its shot says (docs/decisions.md#shots): a
 * close-up fills the frame with one head and shoulders, an insert shows the
 * object alone, a wide shows the whole set with its figures small, low and high
 * angles move the horizon, a POV leaves out the one whose eyes we look through,
 * an over-the-shoulder puts the listener's shoulder in the foreground.
 */
import type { Shot } from "../../board/shot-vocabulary";
import type { FigurePlacement, Subject } from "./frame-figures";
import { HEIGHT, HORIZON, WIDTH } from "./frame-scene";

export interface ShotFraming {
  /** Which subjects are drawn (indexes into the reading's subjects), with their figures as drawn before the camera. */
  keep: number[];
  placements: FigurePlacement[];
  /** Where the figures end up in the frame (after the camera): their name tags go there. */
  inFrame: FigurePlacement[];
  /** SVG transforms: the camera over everything, and the backdrop's own (the horizon's move for an angle). */
  camera: string;
  backdrop: string;
  /** The camera's zoom (1 when it does not move in): a close framing's props are drawn at a size that follows it. */
  scale: number;
  /** An insert: no figures, the first object alone, large. */
  insert: boolean;
  /** The listener of an over-the-shoulder shot: drawn large, dark and cut by the frame's edge. */
  shoulder?: FigurePlacement;
  /** The listener's index in the reading's subjects. */
  shoulderOf?: number;
}

type Framing = Pick<Shot, "size" | "angle" | "movement">;

/** How much of a standing figure (from the top of the head down) fills the frame's height, by size. */
const SPAN: Partial<Record<Shot["size"], number>> = { extreme_close_up: 0.2, close_up: 0.42, medium_close_up: 0.55, medium: 0.72 };
/** How much of the frame's height a whole animal fills, by size (a close-up of a dog is the dog, not a patch of its coat). */
const ANIMAL_FILL: Partial<Record<Shot["size"], number>> = { extreme_close_up: 0.95, close_up: 0.72, medium_close_up: 0.6, medium: 0.45 };
/** Figures in a wide are this size and stand this far back towards the horizon. */
const DISTANCE: Partial<Record<Shot["size"], number>> = { wide: 0.5, extreme_wide: 0.3 };

const scaled = (p: FigurePlacement, s: number, tx: number, ty: number): FigurePlacement => ({
  ...p,
  x: Math.round(p.x * s + tx),
  baseY: Math.round(p.baseY * s + ty),
  height: Math.round(p.height * s),
});

/**
 * The framing of one frame. `interior` says where the floor meets the back wall
 * (a wide shrinks its figures towards it).
 */
export function frameShot(shot: Framing | undefined, subjects: Subject[], placements: FigurePlacement[], interior: boolean): ShotFraming {
  const all = placements.map((_, i) => i);
  const none: ShotFraming = { keep: all, placements, inFrame: placements, camera: "", backdrop: "", insert: false, scale: 1 };
  if (!shot) return none;
  if (shot.size === "insert") return { ...none, keep: [], placements: [], inFrame: [], insert: true, camera: insertCamera() };

  // A POV is seen through the first subject's eyes (the speaker, or the one the shot line names first).
  let keep = shot.angle === "pov" ? all.slice(1) : all;
  let shoulder: FigurePlacement | undefined;
  let shoulderOf: number | undefined;
  if (shot.angle === "over_the_shoulder" && keep.length >= 2) {
    const listener = placements[keep[1]];
    // Seen from behind, large and cut by the frame's edge, the head at mid-height.
    const height = Math.round(HEIGHT * 1.9);
    shoulder = { ...listener, name: "", x: 120, baseY: Math.round(HEIGHT * 0.42) + height, height };
    shoulderOf = keep[1];
    keep = [keep[0]];
  }
  let kept = keep.map((i) => placements[i]);

  // The angle: a low camera drops the horizon and its figures loom; a high one lifts it and they shrink into the ground.
  let backdrop = "";
  if (shot.angle === "low") {
    backdrop = "scale(1 1.3)";
    kept = kept.map((p) => ({ ...p, baseY: Math.min(HEIGHT + 10, p.baseY + 30), height: Math.round(p.height * 1.25) }));
  } else if (shot.angle === "high" || shot.angle === "overhead") {
    const stretch = shot.angle === "high" ? 1.45 : 2.8;
    backdrop = `translate(0 ${HEIGHT}) scale(1 ${stretch}) translate(0 ${-HEIGHT})`;
    kept = kept.map((p) => ({ ...p, baseY: p.baseY - 40, height: Math.round(p.height * 0.78) }));
  }

  const distance = DISTANCE[shot.size];
  if (distance !== undefined) {
    const floor = interior ? 470 : HORIZON;
    kept = kept.map((p) => ({ ...p, baseY: Math.round(floor + (p.baseY - floor) * distance), height: Math.round(p.height * distance) }));
    return { ...none, keep, placements: kept, inFrame: kept, backdrop };
  }

  const span = SPAN[shot.size];
  // Close framings hold one subject (or two in a medium); with nobody there the camera moves in on the middle of the set.
  const subject = kept[0];
  if (span === undefined) return { ...none, keep, placements: kept, inFrame: kept, backdrop, shoulder, shoulderOf };
  if (shot.size !== "medium" && keep.length > 1) {
    keep = [keep[0]];
    kept = [kept[0]];
  }
  const animal = subject?.kind === "animal";
  // An animal is held whole (its head is at its side, not on top): by the share of the frame's height its body fills.
  const s = !subject ? 1 / span / 1.6 : animal ? (HEIGHT * ANIMAL_FILL[shot.size]!) / subject.height : HEIGHT / (subject.height * span);
  const headTop = subject ? subject.baseY - subject.height : HEIGHT / 2;
  // The head's top sits below the frame's top (clear of a style's letterbox); an extreme close-up centres the face instead.
  const top = shot.size === "extreme_close_up" && subject ? HEIGHT * 0.5 - s * subject.height * 0.085 : HEIGHT * 0.15;
  const tx = WIDTH / 2 - s * (subject?.x ?? WIDTH / 2);
  // An animal's middle sits a little below the frame's (its feet on the ground, clear of a letterbox).
  const ty = !subject ? HEIGHT / 2 - s * (HEIGHT / 2) : animal ? HEIGHT * 0.58 - s * (subject.baseY - subject.height * 0.5) : top - s * headTop;
  return {
    keep,
    placements: kept,
    inFrame: kept.map((p) => scaled(p, s, tx, ty)),
    camera: `translate(${tx.toFixed(1)} ${ty.toFixed(1)}) scale(${s.toFixed(3)})`,
    backdrop,
    insert: false,
    scale: s,
    shoulder,
    shoulderOf,
  };
}

/** An insert's camera: the object (drawn at the middle of the ground, frame-things.ts) fills the frame. */
function insertCamera(): string {
  const s = 2.6;
  const [cx, cy] = [WIDTH / 2, 520];
  return `translate(${(WIDTH / 2 - s * cx).toFixed(1)} ${(HEIGHT * 0.55 - s * cy).toFixed(1)}) scale(${s})`;
}

/** What an insert stands on, and the thing itself when the prompt names none of the objects the frames can draw: a parcel. */
export function insertSurface(t: (hex: string) => string, o: string, withParcel: boolean): string {
  const surface = `<rect x="-200" y="585" width="${WIDTH + 400}" height="300" fill="${t("#6e4b2e")}"${o}/><rect x="-200" y="585" width="${WIDTH + 400}" height="8" fill="#fff" fill-opacity="0.15"/>`;
  if (!withParcel) return surface;
  const [x, g] = [WIDTH / 2, 600];
  return `${surface}<rect x="${x - 70}" y="${g - 95}" width="140" height="90" rx="4" fill="${t("#c9a66b")}"${o}/><rect x="${x - 8}" y="${g - 95}" width="16" height="90" fill="${t("#8c6a3c")}"/><rect x="${x - 70}" y="${g - 56}" width="140" height="12" fill="${t("#8c6a3c")}"/>`;
}
