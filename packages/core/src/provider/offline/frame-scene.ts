/**
 * The backdrop of an offline frame as SVG: sky by time of day, then either an
 * exterior (horizon, ground, buildings / trees / water ...) or an interior
 * (walls, window onto the sky, floor, furniture). No text is drawn here.
 */
import { type DrawPalette, type FrameLayout, type Light, tone } from "./frame-palette";
import type { ExteriorKind } from "./frame-settings";
import { indoorElements, standingLamp, vehicleShell, type IndoorContext } from "./frame-elements-indoor";
import { outdoorElements, type ElementContext } from "./frame-elements-outdoor";
import type { SettingElement } from "./frame-settings";
import { seededRandom } from "./random";

export const WIDTH = 1280;
export const HEIGHT = 720;
export const HORIZON = 440;

const SKY: Record<Light, string[]> = {
  day: ["#3f7fcf", "#8cc3f0", "#d6ecff"],
  night: ["#03050f", "#0c1530", "#1f2f52"],
  dawn: ["#34427a", "#e98a7a", "#ffd9a0"],
  dusk: ["#1c1640", "#b5386a", "#f4953a"],
  golden: ["#4a6fa8", "#f2b25c", "#ffdf9a"],
};

const UNCANNY_SKY: Record<Light, string[]> = {
  day: ["#2fd3a0", "#f2e94e", "#ff7eb6"],
  night: ["#1a0433", "#5b1f8f", "#00a88f"],
  dawn: ["#ff5e9c", "#7bd3ff", "#f9f871"],
  dusk: ["#0b3d3a", "#e0457b", "#ffe066"],
  golden: ["#2f7fd3", "#ffb347", "#fff07a"],
};

export interface SceneContext {
  layout: FrameLayout;
  palette: DrawPalette;
  random: () => number;
  /** Weather seen through an interior's window panes (frame-things.ts weather), when the prompt has some. */
  throughWindow?: (x: number, y: number, w: number, h: number) => string;
  /** Rain or a storm: no sun, moon or stars, grey clouds. */
  overcast?: boolean;
  /** Wind (or a storm): trees lean, water whips up. */
  wind?: boolean;
  /** The block's lamp and door (frame-poses.ts propsOf), when it names them. */
  lamp?: "lit" | "dead";
  door?: "open" | "closed";
}

function gradient(id: string, stops: string[], palette: DrawPalette): string {
  const step = 100 / (stops.length - 1);
  const body = stops.map((c, i) => `<stop offset="${i * step}%" stop-color="${tone(c, palette)}"/>`).join("");
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${body}</linearGradient>`;
}

/** The sky inside a box: gradient, sun or moon, stars or clouds. */
export function sky(ctx: SceneContext, x: number, y: number, w: number, h: number, id: string): string {
  const { layout, palette, random } = ctx;
  const stops = palette.uncanny ? UNCANNY_SKY[layout.light] : SKY[layout.light];
  const parts = [`<defs>${gradient(id, stops, palette)}</defs>`, `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${id})"/>`];
  const light = layout.light;
  if (light === "night" && !ctx.overcast) {
    for (let i = 0; i < Math.round((w * h) / 9000); i++) {
      const r = 0.8 + random() * 1.6;
      parts.push(
        `<circle cx="${(x + random() * w).toFixed(1)}" cy="${(y + random() * h * 0.8).toFixed(1)}" r="${r.toFixed(1)}" fill="#fffbe6" fill-opacity="${(0.5 + random() * 0.5).toFixed(2)}"/>`,
      );
    }
    const mx = x + w * (0.15 + random() * 0.7);
    const my = y + h * 0.25;
    const mr = Math.min(w, h) * 0.09;
    parts.push(`<circle cx="${mx}" cy="${my}" r="${mr}" fill="${tone("#f4f1d8", palette)}"${palette.outline}/>`);
    parts.push(`<circle cx="${mx + mr * 0.45}" cy="${my - mr * 0.2}" r="${mr * 0.85}" fill="${tone(stops[0], palette)}"/>`);
  } else if (light !== "night") {
    const low = light !== "day";
    const sx = x + w * (low ? 0.2 + random() * 0.6 : 0.1 + random() * 0.8);
    const sy = y + h * (low ? 0.82 : 0.22);
    const sr = Math.min(w, h) * (low ? 0.13 : 0.08);
    const sun = light === "day" ? "#fff6c8" : light === "dawn" ? "#ffe2a8" : light === "golden" ? "#ffc870" : "#ffb05c";
    if (!ctx.overcast) {
      parts.push(`<circle cx="${sx}" cy="${sy}" r="${sr * 1.8}" fill="${tone(sun, palette)}" fill-opacity="0.25"/>`);
      parts.push(`<circle cx="${sx}" cy="${sy}" r="${sr}" fill="${tone(sun, palette)}"${palette.outline}/>`);
    }
    const cloud = ctx.overcast ? "#9aa3ad" : light === "day" ? "#ffffff" : "#f6c1b0";
    for (let i = 0; i < 3 + Math.floor(random() * 3); i++) {
      const cx = x + random() * w;
      const cy = y + h * (0.1 + random() * 0.4);
      const cw = w * (0.06 + random() * 0.08);
      parts.push(
        `<g fill="${tone(cloud, palette)}" fill-opacity="0.85"${palette.outline}>` +
          `<ellipse cx="${cx}" cy="${cy}" rx="${cw}" ry="${cw * 0.32}"/>` +
          `<ellipse cx="${cx - cw * 0.35}" cy="${cy - cw * 0.18}" rx="${cw * 0.45}" ry="${cw * 0.3}"/></g>`,
      );
    }
  }
  if (palette.uncanny) {
    // Floating spheres and a second moon: the sky is the oddest thing in a surreal frame.
    for (let i = 0; i < 4; i++) {
      const r = h * (0.03 + random() * 0.08);
      const fill = ["#ff3df2", "#38f9d7", "#ffd23f", "#7b61ff"][i];
      parts.push(`<circle cx="${x + random() * w}" cy="${y + random() * h * 0.7}" r="${r}" fill="${fill}" fill-opacity="0.8"/>`);
    }
  }
  return parts.join("");
}

const NIGHT_SHADE: Record<Light, number> = { day: 0, golden: 0.06, dawn: 0.18, dusk: 0.25, night: 0.55 };

const GROUND: Record<ExteriorKind, string> = {
  city: "#676972",
  nature: "#4f7d3a",
  water: "#d8c18c",
  desert: "#d9a85f",
  mountain: "#5f7345",
  open: "#6e8b46",
};

function elementContext(ctx: SceneContext, random: () => number): ElementContext {
  const t = (c: string) => tone(c, ctx.palette);
  return { t, o: ctx.palette.outline, random, night: ctx.layout.light === "night", wind: Boolean(ctx.wind), horizon: HORIZON, width: WIDTH, height: HEIGHT };
}

/** An exterior: sky, the place's ground (frame-settings.ts), then what stands on it (frame-elements-outdoor.ts). */
export function exterior(ctx: SceneContext): string {
  const { layout, palette } = ctx;
  const random = seededRandom(layout.locationHash);
  const t = (c: string) => tone(c, palette);
  const { ground, elements } = layout.setting;
  const parts = [sky(ctx, 0, 0, WIDTH, HORIZON + 4, "sky")];
  if ((ground === "open" || ground === "desert") && !elements.includes("peaks")) {
    // Low hills on the horizon of open country.
    let d = `M0 ${HORIZON}`;
    for (let i = 0; i <= 6; i++) d += ` L${((WIDTH / 6) * i).toFixed(0)} ${(i % 2 ? HORIZON - 40 - random() * 60 : HORIZON - random() * 20).toFixed(0)}`;
    parts.push(`<path d="${d} L${WIDTH} ${HORIZON} Z" fill="${t(ground === "desert" ? "#c98f4a" : "#5c8a4a")}"${palette.outline}/>`);
  }
  const c = elementContext(ctx, random);
  // The skyline and the peaks stand on the horizon, behind the ground.
  const behind: SettingElement[] = elements.filter((e) => e === "buildings" || e === "peaks" || e === "snowcaps" || e === "cranes");
  parts.push(outdoorElements(behind, c));
  parts.push(`<rect x="0" y="${HORIZON}" width="${WIDTH}" height="${HEIGHT - HORIZON}" fill="${t(GROUND[ground])}"/>`);
  if (ground === "water") {
    parts.push(`<rect x="0" y="${HORIZON}" width="${WIDTH}" height="110" fill="${t(layout.light === "night" ? "#0f2a4a" : "#2f7fb5")}"/>`);
    for (let i = 0; i < (ctx.wind ? 28 : 14); i++)
      parts.push(
        `<rect x="${(random() * WIDTH).toFixed(0)}" y="${(HORIZON + 10 + random() * 90).toFixed(0)}" width="${(30 + random() * 60).toFixed(0)}" height="${ctx.wind ? 5 : 3}" fill="#ffffff" fill-opacity="${ctx.wind ? 0.8 : 0.5}"/>`,
      );
  }
  parts.push(outdoorElements(elements.filter((e) => !behind.includes(e)), c));
  const shade = NIGHT_SHADE[layout.light];
  if (shade > 0)
    parts.push(`<rect x="0" y="${HORIZON}" width="${WIDTH}" height="${HEIGHT - HORIZON}" fill="#050a1e" fill-opacity="${shade}"/>`);
  if (layout.light === "golden") parts.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffa53a" fill-opacity="0.12"/>`);
  return parts.join("");
}

const WALLS = ["#b9a58a", "#8fa3a6", "#c7b79a", "#9c8a7a", "#a6b39b", "#c4a4a0", "#8c8fa8", "#d0c4a8"];
const FLOORS = ["#7a5634", "#8d6b48", "#5e5a56", "#9a9385", "#6b4a3a", "#7d7264"];

export function interior(ctx: SceneContext): string {
  const { layout, palette } = ctx;
  const random = seededRandom(layout.locationHash);
  const t = (c: string) => tone(c, palette);
  const o = palette.outline;
  const night = layout.light === "night" || layout.light === "dusk";
  let views = 0;
  const indoor: IndoorContext = {
    ...elementContext(ctx, random),
    // A lamp burns at night unless the block says it is dead; by day one is lit only when the block says so.
    lampLit: ctx.lamp ? ctx.lamp === "lit" : night,
    view: (x, y, w, h) => sky(ctx, x, y, w, h, `view${views++}`) + (ctx.throughWindow?.(x, y, w, h) ?? ""),
  };
  if (layout.setting.shell !== "room") {
    const dark = night ? `<rect width="${WIDTH}" height="${HEIGHT}" fill="#0a1030" fill-opacity="${layout.light === "night" ? 0.4 : 0.2}"/>` : "";
    return vehicleShell(layout.setting.shell, indoor) + indoorElements(layout.setting.elements, indoor) + dark;
  }
  const wall = WALLS[layout.locationHash % WALLS.length];
  const floor = FLOORS[(layout.locationHash >>> 8) % FLOORS.length];
  const [bx0, bx1, by0, by1] = [200, 1080, 70, 470];
  const parts = [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${t(wall)}"/>`,
    `<path d="M0 0 L${bx0} ${by0} L${bx0} ${by1} L0 ${HEIGHT} Z" fill="${t(wall)}"/><path d="M0 0 L${bx0} ${by0} L${bx0} ${by1} L0 ${HEIGHT} Z" fill="#000" fill-opacity="0.18"/>`,
    `<path d="M${WIDTH} 0 L${bx1} ${by0} L${bx1} ${by1} L${WIDTH} ${HEIGHT} Z" fill="#000" fill-opacity="0.08"/>`,
    `<path d="M0 0 L${WIDTH} 0 L${bx1} ${by0} L${bx0} ${by0} Z" fill="#fff" fill-opacity="0.12"/>`,
    `<path d="M0 ${HEIGHT} L${bx0} ${by1} L${bx1} ${by1} L${WIDTH} ${HEIGHT} Z" fill="${t(floor)}"${o}/>`,
  ];
  for (let i = 1; i < 8; i++) {
    const fx = bx0 + ((bx1 - bx0) * i) / 8;
    parts.push(
      `<line x1="${fx}" y1="${by1}" x2="${(fx - 640) * 1.9 + 640}" y2="${HEIGHT}" stroke="#000" stroke-opacity="0.12" stroke-width="2"/>`,
    );
  }
  const windows = 1 + (layout.locationHash % 2);
  for (let i = 0; i < windows; i++) {
    const wx = windows === 1 ? 520 + random() * 120 : 290 + i * 470 + random() * 40;
    // With weather outside, the panes are larger, so the rain or snow reads at a glance.
    const [ww, wh, wy] = ctx.throughWindow ? [240, 200, 115] : [200, 170, 130];
    parts.push(`<rect x="${wx - 10}" y="${wy - 10}" width="${ww + 20}" height="${wh + 20}" fill="${t("#e9e2d2")}"${o}/>`);
    parts.push(sky(ctx, wx, wy, ww, wh, `win${i}`));
    if (ctx.throughWindow) parts.push(ctx.throughWindow(wx, wy, ww, wh));
    parts.push(`<path d="M${wx + ww / 2} ${wy} v${wh} M${wx} ${wy + wh / 2} h${ww}" stroke="${t("#e9e2d2")}" stroke-width="8"/>`);
  }
  const doorLeft = random() < 0.5;
  const doorX = doorLeft ? bx0 + 30 : bx1 - 150;
  if (ctx.door === "open") {
    // An open door: the dark doorway, the door swung into the room against the wall.
    parts.push(`<rect x="${doorX}" y="${by1 - 250}" width="120" height="250" fill="${t("#1c1712")}"${o}/>`);
    const hinge = doorLeft ? doorX : doorX + 120;
    const swing = doorLeft ? -70 : 70;
    parts.push(`<path d="M${hinge} ${by1 - 250} L${hinge + swing} ${by1 - 270} L${hinge + swing} ${by1 + 20} L${hinge} ${by1} Z" fill="${t("#6b4a30")}"${o}/>`);
  } else {
    parts.push(`<rect x="${doorX}" y="${by1 - 250}" width="120" height="250" fill="${t("#6b4a30")}"${o}/>`);
    parts.push(`<circle cx="${doorLeft ? doorX + 100 : doorX + 20}" cy="${by1 - 120}" r="6" fill="${t("#c9a23a")}"/>`);
  }
  parts.push(indoorElements(layout.setting.elements, indoor));
  // A lamp the block names is drawn, lit or dead, where the room has none of its own.
  if (ctx.lamp && !layout.setting.elements.some((e) => e === "nightstand" || e === "lamp-table")) parts.push(standingLamp(doorLeft ? 960 : 250, indoor));
  if (night) parts.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="#0a1030" fill-opacity="${layout.light === "night" ? 0.45 : 0.25}"/>`);
  if (night && indoor.lampLit) {
    parts.push(
      `<defs><radialGradient id="lamp"><stop offset="0%" stop-color="#ffd27a" stop-opacity="0.55"/><stop offset="100%" stop-color="#ffd27a" stop-opacity="0"/></radialGradient></defs>`,
    );
    parts.push(`<circle cx="${doorLeft ? 900 : 380}" cy="260" r="380" fill="url(#lamp)"/>`);
  }
  if (layout.light === "golden") parts.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffa53a" fill-opacity="0.1"/>`);
  return parts.join("");
}
