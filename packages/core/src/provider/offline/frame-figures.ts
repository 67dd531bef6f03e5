/**
 * Character silhouettes: one figure per subject present (a person, or an
 * animal), each with its own colour (from its place in the cast, so a
 * character looks the same in every shot and no two share one) and build (from its gender), the speaker in front.
 */
import type { CharacterGender } from "../types";
import { type DrawPalette, tone } from "./frame-palette";
import { ANIMAL_HEIGHT, animal } from "./frame-things";
import type { Pose } from "./frame-poses";
import type { AnimalShape } from "../../screenplay/animals";
import { hashString } from "./random";
import { WIDTH } from "./frame-scene";

/** Someone or something the frame shows: a named character, or an animal the prompt names. */
export interface Subject {
  /** Absent for an unnamed animal ("a terrier"): it gets no name tag. */
  name?: string;
  gender: CharacterGender;
  kind: "person" | "animal";
  shape?: AnimalShape;
  species?: string;
  /** The character's place in the screenplay's cast (ImageRequest characters): picks its colour. */
  castIndex?: number;
  /** What they are doing in this block (frame-poses.ts); absent is standing. */
  pose?: Pose;
}

export interface FigurePlacement {
  /** The tag drawn on the figure; empty for unnamed subjects. */
  name: string;
  kind: "person" | "animal";
  x: number;
  /** Where the feet stand. */
  baseY: number;
  height: number;
  colour: string;
  /** 1 faces right, -1 left: toward the middle of the frame, or the one they hug or fight. */
  facing: 1 | -1;
}

const MAX_FIGURES = 5;

function hslToHex(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))));
  return `#${((1 << 24) | (f(0) << 16) | (f(8) << 8) | f(4)).toString(16).slice(1)}`;
}

/**
 * Clothing colours for the cast, in cast order: picked so each is as far as
 * possible (in RGB) from all before it, at least 85 apart, so the main
 * characters differ most; lightness varies too, which greyscale styles keep.
 */
const CAST_COLOURS = [
  "#c0392b",
  "#38dcdc",
  "#1d1da5",
  "#1da51d",
  "#dc38dc",
  "#dcdc38",
  "#309189",
  "#893091",
  "#889b27",
  "#3861dc",
  "#dc387c",
  "#38dc61",
];
/** Animal characters' coats: earthy but light enough to read against a night or a dark room, as the people's colours do. */
const COAT_COLOURS = ["#b07a42", "#d2ad72", "#9a6a3a", "#c8b89a", "#a0603a", "#9c948a"];

/**
 * A subject's colour, the same in every shot: by its place in the cast, so the
 * characters of one screenplay never share a colour until the palette runs out
 * (then the golden angle keeps hues apart); without one (an unnamed animal, a
 * request from elsewhere) from its name.
 */
export function colourOf(subject: Subject): string {
  const index = subject.castIndex;
  if (index !== undefined && index >= 0) {
    const palette = subject.kind === "animal" ? COAT_COLOURS : CAST_COLOURS;
    if (index < palette.length) return palette[index];
    const round = Math.floor(index / palette.length);
    return subject.kind === "animal"
      ? hslToHex(20 + ((index * 7) % 30), 0.45, 0.42 + (index % 6) * 0.05)
      : hslToHex((index * 137.508) % 360, 0.62, round % 2 ? 0.55 : 0.36);
  }
  const hue = hashString((subject.name ?? subject.species ?? "").toUpperCase()) % 360;
  return subject.kind === "animal" ? hslToHex(20 + (hue % 30), 0.45, 0.42 + (hue % 5) * 0.05) : hslToHex(hue, 0.62, 0.42);
}

export function placeFigures(subjects: Subject[], speakerFirst: boolean): FigurePlacement[] {
  const shown = subjects.slice(0, MAX_FIGURES);
  const n = shown.length;
  const placed = shown.map((c, i) => {
    const h = hashString((c.name ?? c.species ?? "").toUpperCase());
    const front = speakerFirst && i === 0;
    const build = c.gender === "male" ? 1.04 : c.gender === "female" ? 0.95 : 0.99;
    const person = (front ? 400 : 320 - (n > 3 ? 30 : 0)) * build * (0.94 + (((h >>> 4) % 100) / 100) * 0.12);
    const height = c.kind === "animal" ? ANIMAL_HEIGHT[c.shape ?? "small"] * (front ? 1.5 : 1) : person;
    // Animals stand a little further back: low and in front, the cinematic letterbox would hide them.
    const baseY = c.kind === "animal" ? (front ? 640 : 620) : front ? 700 : 650;
    // The speaker stands left of centre in front; the others spread across the rest of the frame.
    let slot: number;
    if (n === 1) slot = 0.5;
    else if (!speakerFirst) slot = (i + 1) / (n + 1);
    else if (front) slot = 0.36;
    else slot = n === 2 ? 0.68 : 0.58 + (0.32 * (i - 1)) / (n - 2);
    const x = WIDTH * slot;
    return {
      name: c.name ?? "",
      kind: c.kind,
      x: Math.round(x),
      baseY,
      height: Math.round(height),
      colour: colourOf(c),
      facing: x < WIDTH / 2 ? 1 : -1,
    } satisfies FigurePlacement;
  });
  return closeTogether(placed, shown);
}

/** Two who hug or fight stand within arm's reach, facing each other. */
function closeTogether(placed: FigurePlacement[], shown: Subject[]): FigurePlacement[] {
  for (const pose of ["hug", "fight"] as const) {
    const pair = shown.flatMap((s, i) => (s.pose === pose && s.kind === "person" ? [i] : [])).slice(0, 2);
    if (pair.length < 2) continue;
    const [a, b] = pair.sort((i, j) => placed[i].x - placed[j].x);
    const mid = (placed[a].x + placed[b].x) / 2;
    const gap = Math.min(placed[a].height, placed[b].height) * (pose === "hug" ? 0.16 : 0.3);
    placed[a] = { ...placed[a], x: Math.round(mid - gap), facing: 1 };
    placed[b] = { ...placed[b], x: Math.round(mid + gap), facing: -1 };
  }
  return placed;
}

/** Limb angles (degrees, clockwise; 0 hangs down) and how the body sits, per pose; f is the facing (1 right, -1 left). */
interface Stance {
  legs: [number, number];
  arms: [number, number];
  /** The body lowered by this share of the height (sitting, kneeling). */
  drop: number;
  /** Leaning (running), or lying down (90). */
  tilt: number;
  /** Something in the forward hand. */
  hand?: "cup" | "thing";
}

function stanceOf(pose: Pose | undefined, f: number): Stance {
  const still: Stance = { legs: [0, 0], arms: [0, 0], drop: 0, tilt: 0 };
  switch (pose) {
    case "walk":
      return { ...still, legs: [-14, 14], arms: [16, -16] };
    case "run":
      return { ...still, legs: [-38, 38], arms: [50, -50], tilt: f * 12 };
    case "sit":
      return { ...still, legs: [-f * 80, -f * 80], drop: 0.24, arms: [-f * 30, -f * 30] };
    case "kneel":
      return { ...still, legs: [0, f * 80], drop: 0.2 };
    case "lie":
      return { ...still, tilt: 90 };
    case "climb":
      return { ...still, legs: [-f * 35, 0], arms: [170, 190] };
    case "drink":
      return { ...still, arms: f > 0 ? [0, -150] : [150, 0], hand: "cup" };
    case "hold":
      return { ...still, arms: f > 0 ? [0, -75] : [75, 0], hand: "thing" };
    case "hug":
      return { ...still, arms: [-f * 80, -f * 80] };
    case "fight":
      return { ...still, legs: [-18, 18], arms: f > 0 ? [-70, -110] : [110, 70] };
    default:
      return still;
  }
}

const rotated = (a: number, cx: number, cy: number) => (a ? ` transform="rotate(${a} ${cx.toFixed(1)} ${cy.toFixed(1)})"` : "");

function figure(p: FigurePlacement, gender: CharacterGender, palette: DrawPalette, pose: Pose | undefined): string {
  const { x, baseY: b, height: h, facing: f } = p;
  const stance = stanceOf(pose, f);
  const o = palette.outline;
  const cloth = tone(p.colour, palette);
  const dark = tone(shade(p.colour, 0.45), palette);
  const skin = tone(shade(p.colour, 0.25), palette);
  // Sitting or kneeling lowers the body; the legs keep their length and bend from the hip.
  const top = b - h + h * stance.drop;
  const headR = h * 0.085;
  const headY = top + headR;
  const parts: string[] = [];
  const [hipY, legGap, legW, shoulderSpread, armLength, armW] =
    gender === "female" ? [top + h * 0.72, h * 0.05, h * 0.045, h * 0.14, h * 0.3, h * 0.04]
    : gender === "male" ? [top + h * 0.54, h * 0.07, h * 0.065, h * 0.19, h * 0.34, h * 0.055]
    : [top + h * 0.78, h * 0.06, h * 0.055, h * 0.16, h * 0.32, h * 0.05];
  // Standing, the legs reach the ground; sitting, they keep that length, stretched forward from the lowered hip.
  const legLength = pose === "kneel" ? b - hipY : b - hipY + h * stance.drop;
  if (gender === "female")
    parts.push(`<path d="M${x - headR * 1.25} ${headY} Q${x} ${headY - headR * 1.9} ${x + headR * 1.25} ${headY} L${x + headR * 1.35} ${top + h * 0.3} L${x - headR * 1.35} ${top + h * 0.3} Z" fill="${dark}"${o}/>`);
  parts.push(legs(x, hipY, legLength, legGap, legW, dark, o, stance.legs));
  if (stance.drop) parts.push(`<rect x="${(x - f * h * 0.05 - h * 0.14).toFixed(1)}" y="${(hipY + legW).toFixed(1)}" width="${(h * 0.28).toFixed(1)}" height="${(b - hipY - legW).toFixed(1)}" fill="${tone("#6b4a30", palette)}"${o}/>`);
  if (gender === "female")
    parts.push(`<path d="M${x - h * 0.13} ${top + h * 0.2} L${x + h * 0.13} ${top + h * 0.2} L${x + h * 0.1} ${top + h * 0.44} L${x + h * 0.21} ${top + h * 0.76} L${x - h * 0.21} ${top + h * 0.76} L${x - h * 0.1} ${top + h * 0.44} Z" fill="${cloth}"${o}/>`);
  else if (gender === "male")
    parts.push(`<path d="M${x - h * 0.19} ${top + h * 0.2} L${x + h * 0.19} ${top + h * 0.2} L${x + h * 0.14} ${top + h * 0.57} L${x - h * 0.14} ${top + h * 0.57} Z" fill="${cloth}"${o}/>`);
  else parts.push(`<rect x="${x - h * 0.16}" y="${top + h * 0.17}" width="${h * 0.32}" height="${h * 0.64}" rx="${h * 0.12}" fill="${cloth}"${o}/>`, `<circle cx="${x}" cy="${headY}" r="${headR * 1.35}" fill="${cloth}"${o}/>`);
  parts.push(arms(x, top + h * 0.21, shoulderSpread, armLength, armW, cloth, o, stance.arms));
  if (stance.hand) {
    // The forward hand: where the arm on the facing side ends.
    const side = f;
    const angle = (stance.arms[side > 0 ? 1 : 0] * Math.PI) / 180;
    const sx = x + side * shoulderSpread, sy = top + h * 0.21;
    const hx = sx - Math.sin(angle) * armLength, hy = sy + Math.cos(angle) * armLength;
    parts.push(stance.hand === "cup"
      ? `<rect x="${(hx - h * 0.03).toFixed(1)}" y="${(hy - h * 0.06).toFixed(1)}" width="${(h * 0.06).toFixed(1)}" height="${(h * 0.08).toFixed(1)}" rx="3" fill="${tone("#f4f1ea", palette)}"${o}/>`
      : `<rect x="${(hx - h * 0.05).toFixed(1)}" y="${(hy - h * 0.05).toFixed(1)}" width="${(h * 0.1).toFixed(1)}" height="${(h * 0.08).toFixed(1)}" fill="${tone("#c9a23a", palette)}"${o}/>`);
  }
  parts.push(`<rect x="${x - h * 0.025}" y="${headY + headR * 0.8}" width="${h * 0.05}" height="${h * 0.06}" fill="${skin}"/>`);
  parts.push(`<circle cx="${x}" cy="${headY}" r="${headR}" fill="${skin}"${o}/>`);
  // Eyes on the side they face: who looks at whom reads from the heads.
  parts.push(`<circle cx="${(x + f * headR * 0.5).toFixed(1)}" cy="${(headY - headR * 0.15).toFixed(1)}" r="${(headR * 0.14).toFixed(1)}" fill="#1b1b1b"/>`);
  const body = parts.join("");
  const shadow = `<ellipse cx="${x}" cy="${b}" rx="${h * 0.2}" ry="${h * 0.035}" fill="#000" fill-opacity="0.3"/>`;
  if (stance.tilt === 90) {
    // Lying: the figure turned on its side along the ground, head toward the way it faces.
    return `<g>${shadow.replace(`rx="${h * 0.2}"`, `rx="${h * 0.5}"`)}<g transform="translate(${(-f * h * 0.5).toFixed(1)} ${(-h * 0.16).toFixed(1)}) rotate(${f * 90} ${x} ${b})">${body}</g></g>`;
  }
  const ladder = pose === "climb" ? `<path d="M${x - h * 0.2} ${b} V${b - h * 1.15} M${x + h * 0.2} ${b} V${b - h * 1.15}${[1, 2, 3, 4, 5].map((i) => ` M${x - h * 0.2} ${b - i * h * 0.2} h${h * 0.4}`).join("")}" stroke="${tone("#8a6a44", palette)}" stroke-width="${(h * 0.03).toFixed(1)}" fill="none"/>` : "";
  return `<g>${shadow}${ladder}<g${rotated(stance.tilt, x, b)}>${body}</g></g>`;
}

function legs(x: number, from: number, length: number, gap: number, w: number, fill: string, o: string, angles: [number, number]): string {
  return [x - gap, x + gap - w]
    .map((lx, i) => {
      const left = i === 0 ? lx - w / 2 : lx + w / 2;
      return `<rect x="${left.toFixed(1)}" y="${from.toFixed(1)}" width="${w.toFixed(1)}" height="${length.toFixed(1)}" rx="${(w / 3).toFixed(1)}" fill="${fill}"${o}${rotated(angles[i], left + w / 2, from)}/>`;
    })
    .join("");
}

function arms(x: number, y: number, spread: number, length: number, w: number, fill: string, o: string, angles: [number, number]): string {
  return [-1, 1]
    .map((side, i) => {
      const left = x + side * spread - w / 2 + side * w * 0.4;
      return `<rect x="${left.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${length.toFixed(1)}" rx="${(w / 2).toFixed(1)}" fill="${fill}"${o}${rotated(angles[i], left + w / 2, y)}/>`;
    })
    .join("");
}

function shade(hex: string, amount: number): string {
  const c = [1, 3, 5].map((i) => Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - amount)));
  return `#${((1 << 24) | (c[0] << 16) | (c[1] << 8) | c[2]).toString(16).slice(1)}`;
}

/** All figures as SVG, back row first so the speaker is drawn on top. */
export function figures(placements: FigurePlacement[], subjects: Subject[], palette: DrawPalette): string {
  const order = placements.map((p, i) => i).sort((a, b) => placements[a].baseY - placements[b].baseY);
  return order
    .map((i) => {
      const p = placements[i];
      const s = subjects[i];
      if (s.kind === "animal") return animal(s.shape ?? "small", p.x, p.baseY, p.height, p.colour, palette, p.x < WIDTH / 2 ? 1 : -1);
      return figure(p, s.gender, palette, s.pose);
    })
    .join("");
}

/** Where a figure's name tag sits: on the chest of a person, on the back of an animal. */
export function tagCentre(p: FigurePlacement): { x: number; y: number } {
  return p.kind === "animal" ? { x: p.x, y: p.baseY - p.height * 0.55 } : { x: p.x, y: p.baseY - p.height * 0.64 };
}
