/**
 * What a prompt names besides people, drawn into an offline frame: animals,
 * key objects and weather. Simple, recognisable silhouettes: a storyboard
 * needs to show that the terrier is on the bench in the rain, not its fur.
 */
import { type DrawPalette, tone } from "./frame-palette";
import type { AnimalShape } from "../../screenplay/animals";
import type { ObjectKind, Weather } from "./prompt-reading";
import { HEIGHT, HORIZON, WIDTH } from "./frame-scene";

/** Standing height in px of each animal shape, at the front row. */
export const ANIMAL_HEIGHT: Record<AnimalShape, number> = { small: 120, medium: 170, large: 290, bird: 80, fish: 70 };

/** An animal standing (or perched, or swimming) with its feet at (x, baseY), facing left or right. */
export function animal(
  shape: AnimalShape,
  x: number,
  baseY: number,
  height: number,
  colour: string,
  palette: DrawPalette,
  facing: 1 | -1,
): string {
  const o = palette.outline;
  const fill = tone(colour, palette);
  const h = height;
  const shadow = `<ellipse cx="${x}" cy="${baseY}" rx="${h * 0.55}" ry="${h * 0.06}" fill="#000" fill-opacity="0.3"/>`;
  if (shape === "bird") {
    return (
      shadow +
      `<ellipse cx="${x}" cy="${baseY - h * 0.5}" rx="${h * 0.35}" ry="${h * 0.28}" fill="${fill}"${o}/>` +
      `<circle cx="${x + facing * h * 0.3}" cy="${baseY - h * 0.78}" r="${h * 0.16}" fill="${fill}"${o}/>` +
      `<path d="M${x + facing * h * 0.44} ${baseY - h * 0.8} l${facing * h * 0.16} ${h * 0.05} l${-facing * h * 0.16} ${h * 0.05} Z" fill="${tone("#e0a030", palette)}"/>` +
      `<path d="M${x - h * 0.15} ${baseY - h * 0.55} q${-facing * h * 0.3} ${-h * 0.1} ${-facing * h * 0.45} ${h * 0.15} q${facing * h * 0.25} ${h * 0.02} ${facing * h * 0.45} ${-h * 0.05}Z" fill="#000" fill-opacity="0.25"/>` +
      `<rect x="${x - 4}" y="${baseY - h * 0.25}" width="3" height="${h * 0.25}" fill="#333"/><rect x="${x + 4}" y="${baseY - h * 0.25}" width="3" height="${h * 0.25}" fill="#333"/>`
    );
  }
  if (shape === "fish") {
    return (
      `<ellipse cx="${x}" cy="${baseY - h * 0.5}" rx="${h * 0.7}" ry="${h * 0.32}" fill="${fill}"${o}/>` +
      `<path d="M${x - facing * h * 0.65} ${baseY - h * 0.5} l${-facing * h * 0.4} ${-h * 0.3} v${h * 0.6} Z" fill="${fill}"${o}/>` +
      `<circle cx="${x + facing * h * 0.4}" cy="${baseY - h * 0.56}" r="${h * 0.06}" fill="#111"/>`
    );
  }
  // A quadruped: body, head, ears, legs and tail, proportioned by size.
  const bodyW = h * (shape === "large" ? 1.2 : 1.0);
  const bodyH = h * 0.38;
  const bodyY = baseY - h * 0.55;
  const legH = h * 0.38;
  const leg = (lx: number) =>
    `<rect x="${lx - h * 0.05}" y="${bodyY + bodyH * 0.2}" width="${h * 0.1}" height="${legH + bodyH * 0.3}" rx="${h * 0.04}" fill="${fill}"${o}/>`;
  const headX = x + facing * bodyW * 0.55;
  const headY = bodyY - bodyH * 0.55;
  const headR = h * (shape === "large" ? 0.17 : 0.2);
  return (
    shadow +
    [x - bodyW * 0.38, x - bodyW * 0.22, x + bodyW * 0.22, x + bodyW * 0.38].map(leg).join("") +
    `<ellipse cx="${x}" cy="${bodyY}" rx="${bodyW / 2}" ry="${bodyH / 2}" fill="${fill}"${o}/>` +
    `<path d="M${x - facing * bodyW * 0.48} ${bodyY - bodyH * 0.1} q${-facing * h * 0.25} ${-h * 0.25} ${-facing * h * 0.3} ${-h * 0.35}" stroke="${fill}" stroke-width="${h * 0.07}" stroke-linecap="round" fill="none"/>` +
    `<path d="M${x + facing * bodyW * 0.3} ${bodyY} L${headX} ${headY}" stroke="${fill}" stroke-width="${h * 0.18}" stroke-linecap="round"/>` +
    `<circle cx="${headX}" cy="${headY}" r="${headR}" fill="${fill}"${o}/>` +
    `<ellipse cx="${headX + facing * headR * 0.9}" cy="${headY + headR * 0.25}" rx="${headR * 0.6}" ry="${headR * 0.45}" fill="${fill}"${o}/>` +
    `<circle cx="${headX + facing * headR * 1.4}" cy="${headY + headR * 0.15}" r="${headR * 0.16}" fill="#111"/>` +
    `<path d="M${headX - headR * 0.6} ${headY - headR * 0.6} l${-facing * headR * 0.15} ${-headR * 0.8} l${facing * headR * 0.6} ${headR * 0.5} Z" fill="${tone("#3a2a1e", palette)}"${o}/>` +
    `<circle cx="${headX + facing * headR * 0.35}" cy="${headY - headR * 0.2}" r="${headR * 0.12}" fill="#111"/>`
  );
}

export type Tone = (hex: string) => string;

/** Key objects, each at its own spot on the ground (x from the caller), sized for the middle distance. */
export function object(kind: ObjectKind, x: number, t: Tone, o: string): string {
  const g = 600; // ground line of objects: between the back row (650) and the horizon
  switch (kind) {
    case "bench":
      return `<rect x="${x - 110}" y="${g - 60}" width="220" height="14" fill="${t("#7b5231")}"${o}/><rect x="${x - 110}" y="${g - 95}" width="220" height="12" fill="${t("#7b5231")}"${o}/><rect x="${x - 100}" y="${g - 46}" width="12" height="46" fill="${t("#333")}"/><rect x="${x + 88}" y="${g - 46}" width="12" height="46" fill="${t("#333")}"/>`;
    case "car":
      return `<path d="M${x - 150} ${g - 30} v-45 q0 -10 12 -12 l40 -8 l30 -40 h120 l40 40 l45 8 q12 2 12 14 v43 Z" fill="${t("#b3342f")}"${o}/><rect x="${x - 80}" y="${g - 126}" width="60" height="32" fill="${t("#a9c7e0")}"/><rect x="${x - 10}" y="${g - 126}" width="70" height="32" fill="${t("#a9c7e0")}"/><circle cx="${x - 90}" cy="${g - 28}" r="26" fill="#1b1b1b"/><circle cx="${x + 95}" cy="${g - 28}" r="26" fill="#1b1b1b"/>`;
    case "fountain":
      return `<ellipse cx="${x}" cy="${g - 20}" rx="140" ry="30" fill="${t("#9aa0a6")}"${o}/><ellipse cx="${x}" cy="${g - 26}" rx="120" ry="20" fill="${t("#5fa8d8")}"/><rect x="${x - 14}" y="${g - 130}" width="28" height="105" fill="${t("#9aa0a6")}"${o}/><path d="M${x} ${g - 140} q-50 10 -70 100 M${x} ${g - 140} q50 10 70 100" stroke="${t("#bfe3ff")}" stroke-width="6" fill="none"/>`;
    case "streetlight":
      return `<rect x="${x - 6}" y="${g - 300}" width="12" height="300" fill="${t("#2f3136")}"${o}/><rect x="${x - 30}" y="${g - 312}" width="60" height="18" rx="6" fill="${t("#2f3136")}"${o}/><ellipse cx="${x}" cy="${g - 292}" rx="26" ry="8" fill="#fff2b0" fill-opacity="0.9"/>`;
    case "umbrella":
      return `<path d="M${x - 80} ${g - 200} q80 -90 160 0 Z" fill="${t("#2c4f9e")}"${o}/><path d="M${x} ${g - 200} v150 q0 18 -18 18" stroke="${t("#222")}" stroke-width="6" fill="none"/>`;
    case "bicycle":
      return `<circle cx="${x - 60}" cy="${g - 45}" r="45" stroke="${t("#222")}" stroke-width="7" fill="none"/><circle cx="${x + 60}" cy="${g - 45}" r="45" stroke="${t("#222")}" stroke-width="7" fill="none"/><path d="M${x - 60} ${g - 45} L${x - 10} ${g - 110} L${x + 45} ${g - 110} L${x + 60} ${g - 45} M${x - 10} ${g - 110} L${x} ${g - 45} L${x + 45} ${g - 110}" stroke="${t("#2c7a4b")}" stroke-width="8" fill="none"/>`;
    case "table":
      return `<rect x="${x - 120}" y="${g - 110}" width="240" height="18" fill="${t("#7b5231")}"${o}/><rect x="${x - 108}" y="${g - 92}" width="14" height="92" fill="${t("#5e3d24")}"/><rect x="${x + 94}" y="${g - 92}" width="14" height="92" fill="${t("#5e3d24")}"/>`;
    case "computer":
      return `<rect x="${x - 120}" y="${g - 110}" width="240" height="18" fill="${t("#5b4632")}"${o}/><rect x="${x - 75}" y="${g - 215}" width="150" height="95" rx="6" fill="#1c1f26"${o}/><rect x="${x - 66}" y="${g - 207}" width="132" height="78" fill="#6fb3ff" fill-opacity="0.85"/><rect x="${x - 10}" y="${g - 122}" width="20" height="12" fill="#1c1f26"/><rect x="${x - 108}" y="${g - 92}" width="14" height="92" fill="${t("#4a3828")}"/><rect x="${x + 94}" y="${g - 92}" width="14" height="92" fill="${t("#4a3828")}"/>`;
    case "bucket":
      return `<path d="M${x - 35} ${g - 70} h70 l-8 70 h-54 Z" fill="${t("#d9b72b")}"${o}/><path d="M${x + 40} ${g - 10} L${x + 90} ${g - 230}" stroke="${t("#8a6a3a")}" stroke-width="8"/><path d="M${x + 20} ${g} q25 -30 50 0" fill="${t("#ddd")}"/>`;
    case "cup":
      return `<rect x="${x - 22}" y="${g - 150}" width="44" height="50" rx="6" fill="${t("#f4f1ea")}"${o}/><rect x="${x - 22}" y="${g - 150}" width="44" height="10" fill="${t("#6b4423")}"/><path d="M${x - 8} ${g - 160} q6 -12 0 -22 M${x + 8} ${g - 160} q6 -12 0 -22" stroke="#fff" stroke-opacity="0.7" stroke-width="3" fill="none"/><rect x="${x - 40}" y="${g - 100}" width="80" height="100" fill="${t("#7b5231")}"${o}/>`;
    case "boat":
      return `<path d="M${x - 150} ${HORIZON + 30} h300 l-40 50 h-220 Z" fill="${t("#8a4b2a")}"${o}/><path d="M${x} ${HORIZON + 30} v-170 l100 150 Z" fill="${t("#f2efe6")}"${o}/>`;
    case "fire":
      return `<path d="M${x - 60} ${g} l120 -20 M${x - 60} ${g - 20} l120 20" stroke="${t("#5b3b22")}" stroke-width="14"/><path d="M${x} ${g - 150} q45 60 25 120 q-25 20 -50 0 q-20 -60 25 -120 Z" fill="#ff8a1e"/><path d="M${x} ${g - 100} q20 35 10 65 q-10 10 -20 0 q-8 -35 10 -65 Z" fill="#ffe066"/>`;
    case "tree":
      return `<rect x="${x - 14}" y="${g - 150}" width="28" height="150" fill="${t("#5b3b22")}"${o}/><ellipse cx="${x}" cy="${g - 210}" rx="90" ry="110" fill="${t("#2f6b34")}"${o}/>`;
    case "book":
      return `<rect x="${x - 40}" y="${g - 100}" width="80" height="100" fill="${t("#7b5231")}"${o}/><path d="M${x - 34} ${g - 110} l34 6 l34 -6 v12 l-34 6 l-34 -6 Z" fill="${t("#f4f1ea")}"${o}/>`;
  }
}

/** Snow lying on the ground, drawn under the figures. */
export const snowCover = () =>
  `<rect x="0" y="${HORIZON}" width="${WIDTH}" height="${HEIGHT - HORIZON}" fill="#f4f7fb" fill-opacity="0.7"/>`;

/**
 * The darker sky of rain or a storm outdoors, drawn with the backdrop: over the
 * figures it would turn whoever stands above the horizon into a dark shape.
 */
export const skyShade = (kind: Weather) =>
  kind === "storm" || kind === "rain"
    ? `<rect x="0" y="0" width="${WIDTH}" height="${HORIZON}" fill="#2a3440" fill-opacity="${kind === "storm" ? 0.55 : 0.35}"/>`
    : "";

/** An area of the frame: the whole of it outdoors, a window's pane indoors. */
export interface Area {
  x: number;
  y: number;
  w: number;
  h: number;
}

const FULL_FRAME: Area = { x: 0, y: 0, w: WIDTH, h: HEIGHT };

/**
 * Rain, storm, snow or fog over an area. Outdoors the sky above the horizon
 * darkens; through a window the whole pane does, and the drops are drawn
 * denser and heavier so a small pane still reads as weather.
 */
export function weather(kind: Weather, random: () => number, area: Area = FULL_FRAME): string {
  const parts: string[] = [];
  const pane = area !== FULL_FRAME;
  const share = (area.w * area.h) / (WIDTH * HEIGHT);
  const count = (full: number) => Math.max(pane ? 40 : 0, Math.round(full * share * (pane ? 3 : 1)));
  const scale = pane ? 0.6 : 1;
  if (kind === "storm" || kind === "rain") {
    // Outdoors the sky's shade is drawn behind the figures (skyShade); a pane darkens as a whole.
    if (pane) parts.push(`<rect x="${area.x}" y="${area.y}" width="${area.w}" height="${area.h}" fill="#2a3440" fill-opacity="0.45"/>`);
    for (let i = 0; i < count(260); i++) {
      // In a pane each streak starts far enough inside that it ends inside: panes are not clipped (see below).
      const x = area.x + (pane ? 6 * scale + random() * (area.w - 6 * scale) : random() * area.w);
      const y = area.y + random() * (pane ? area.h - 34 * scale : area.h);
      parts.push(
        `<path d="M${x.toFixed(0)} ${y.toFixed(0)} l${-10 * scale} ${34 * scale}" stroke="#dfe9f5" stroke-opacity="${pane ? 0.8 : 0.55}" stroke-width="2"/>`,
      );
    }
    if (kind === "storm") {
      const x = area.x + area.w * (0.2 + random() * 0.6);
      const k = pane ? area.h / 300 : 1;
      parts.push(
        `<path d="M${x} ${area.y} l${-40 * k} ${120 * k} l${30 * k} 0 l${-50 * k} ${150 * k} l${90 * k} ${-190 * k} l${-32 * k} 0 l${36 * k} ${-80 * k} Z" fill="#fffbe0"/>`,
      );
    }
  } else if (kind === "snow") {
    if (pane) parts.push(`<rect x="${area.x}" y="${area.y}" width="${area.w}" height="${area.h}" fill="#c9d3de" fill-opacity="0.45"/>`);
    for (let i = 0; i < count(220); i++) {
      parts.push(
        `<circle cx="${(area.x + (pane ? 4 : 0) + random() * (area.w - (pane ? 8 : 0))).toFixed(0)}" cy="${(area.y + (pane ? 4 : 0) + random() * (area.h - (pane ? 8 : 0))).toFixed(0)}" r="${((2 + random() * 3) * (pane ? 0.8 : 1)).toFixed(1)}" fill="#fff" fill-opacity="0.9"/>`,
      );
    }
  } else {
    const bands = pane ? 3 : 4;
    const top = pane ? area.y : HORIZON - 200;
    const step = pane ? area.h / bands : 90;
    for (let i = 0; i < bands; i++) {
      parts.push(
        `<rect x="${pane ? area.x : area.x - 50}" y="${(top + i * step).toFixed(0)}" width="${pane ? area.w : area.w + 100}" height="${pane ? step : 140}" rx="${pane ? 0 : 70}" fill="#e8edf2" fill-opacity="${pane ? 0.45 : 0.28}"/>`,
      );
    }
  }
  // Drawn inside the pane rather than clipped to it: resvg panics on a clip path that a close camera
  // (an insert's 8x zoom) leaves outside the frame.
  return `<g class="pane">${parts.join("")}</g>`;
}
