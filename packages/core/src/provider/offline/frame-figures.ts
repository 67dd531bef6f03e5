/**
 * Character silhouettes: one figure per subject present (a person, or an
 * animal), each with its own colour (from its place in the cast, so a
 * character looks the same in every shot and no two share one) and build (from its gender), the speaker in front.
 */
import type { CharacterGender } from "../types";
import { type DrawPalette, tone } from "./frame-palette";
import { ANIMAL_HEIGHT, animal } from "./frame-things";
import type { AnimalShape } from "./prompt-reading";
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
/** Animal characters' coats: earthy, from dark to light. */
const COAT_COLOURS = ["#5b3a1e", "#a8743d", "#2b2622", "#c9a46b", "#7a5230", "#8d8478"];

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
      ? hslToHex(20 + ((index * 7) % 30), 0.45, 0.25 + (index % 6) * 0.07)
      : hslToHex((index * 137.508) % 360, 0.62, round % 2 ? 0.55 : 0.36);
  }
  const hue = hashString((subject.name ?? subject.species ?? "").toUpperCase()) % 360;
  return subject.kind === "animal" ? hslToHex(20 + (hue % 30), 0.45, 0.28 + (hue % 5) * 0.06) : hslToHex(hue, 0.62, 0.42);
}

export function placeFigures(subjects: Subject[], speakerFirst: boolean): FigurePlacement[] {
  const shown = subjects.slice(0, MAX_FIGURES);
  const n = shown.length;
  return shown.map((c, i) => {
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
    };
  });
}

function figure(p: FigurePlacement, gender: CharacterGender, palette: DrawPalette): string {
  const { x, baseY: b, height: h } = p;
  const o = palette.outline;
  const cloth = tone(p.colour, palette);
  const dark = tone(shade(p.colour, 0.45), palette);
  const skin = tone(shade(p.colour, 0.25), palette);
  const top = b - h;
  const headR = h * 0.085;
  const headY = top + headR;
  const parts = [`<ellipse cx="${x}" cy="${b}" rx="${h * 0.2}" ry="${h * 0.035}" fill="#000" fill-opacity="0.3"/>`];
  if (gender === "female") {
    parts.push(
      `<path d="M${x - headR * 1.25} ${headY} Q${x} ${headY - headR * 1.9} ${x + headR * 1.25} ${headY} L${x + headR * 1.35} ${top + h * 0.3} L${x - headR * 1.35} ${top + h * 0.3} Z" fill="${dark}"${o}/>`,
    );
    parts.push(legs(x, top + h * 0.72, b, h * 0.05, h * 0.045, dark, o));
    parts.push(
      `<path d="M${x - h * 0.13} ${top + h * 0.2} L${x + h * 0.13} ${top + h * 0.2} L${x + h * 0.1} ${top + h * 0.44} L${x + h * 0.21} ${top + h * 0.76} L${x - h * 0.21} ${top + h * 0.76} L${x - h * 0.1} ${top + h * 0.44} Z" fill="${cloth}"${o}/>`,
    );
    parts.push(arms(x, top + h * 0.21, h * 0.14, h * 0.3, h * 0.04, cloth, o));
  } else if (gender === "male") {
    parts.push(legs(x, top + h * 0.54, b, h * 0.07, h * 0.065, dark, o));
    parts.push(
      `<path d="M${x - h * 0.19} ${top + h * 0.2} L${x + h * 0.19} ${top + h * 0.2} L${x + h * 0.14} ${top + h * 0.57} L${x - h * 0.14} ${top + h * 0.57} Z" fill="${cloth}"${o}/>`,
    );
    parts.push(arms(x, top + h * 0.21, h * 0.19, h * 0.34, h * 0.055, cloth, o));
  } else {
    parts.push(legs(x, top + h * 0.78, b, h * 0.06, h * 0.055, dark, o));
    parts.push(
      `<rect x="${x - h * 0.16}" y="${top + h * 0.17}" width="${h * 0.32}" height="${h * 0.64}" rx="${h * 0.12}" fill="${cloth}"${o}/>`,
    );
    parts.push(`<circle cx="${x}" cy="${headY}" r="${headR * 1.35}" fill="${cloth}"${o}/>`);
  }
  parts.push(`<rect x="${x - h * 0.025}" y="${headY + headR * 0.8}" width="${h * 0.05}" height="${h * 0.06}" fill="${skin}"/>`);
  parts.push(`<circle cx="${x}" cy="${headY}" r="${headR}" fill="${skin}"${o}/>`);
  return `<g>${parts.join("")}</g>`;
}

function legs(x: number, from: number, to: number, gap: number, w: number, fill: string, o: string): string {
  return [x - gap, x + gap - w]
    .map(
      (lx, i) =>
        `<rect x="${(i === 0 ? lx - w / 2 : lx + w / 2).toFixed(1)}" y="${from.toFixed(1)}" width="${w.toFixed(1)}" height="${(to - from).toFixed(1)}" rx="${(w / 3).toFixed(1)}" fill="${fill}"${o}/>`,
    )
    .join("");
}

function arms(x: number, y: number, spread: number, length: number, w: number, fill: string, o: string): string {
  return [-1, 1]
    .map(
      (side) =>
        `<rect x="${(x + side * spread - w / 2 + side * w * 0.4).toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${length.toFixed(1)}" rx="${(w / 2).toFixed(1)}" fill="${fill}"${o}/>`,
    )
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
      return figure(p, s.gender, palette);
    })
    .join("");
}

/** Where a figure's name tag sits: on the chest of a person, on the back of an animal. */
export function tagCentre(p: FigurePlacement): { x: number; y: number } {
  return p.kind === "animal" ? { x: p.x, y: p.baseY - p.height * 0.55 } : { x: p.x, y: p.baseY - p.height * 0.64 };
}
