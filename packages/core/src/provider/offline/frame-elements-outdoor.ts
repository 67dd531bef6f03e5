/**
 * What stands on the ground of an exterior frame, one drawer per settings
 * element (frame-settings.ts). Simple silhouettes between the horizon and the
 * figures' feet, so a lighthouse, a pier or a row of pumps reads at a glance.
 * Wind bends trees and whips the water; night lights lamps and the lighthouse.
 */
import type { SettingElement } from "./frame-settings";

export interface ElementContext {
  t: (hex: string) => string;
  /** Extra attributes for solid shapes (the style's outline). */
  o: string;
  random: () => number;
  night: boolean;
  wind: boolean;
  horizon: number;
  width: number;
  height: number;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, o = "") =>
  `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="${fill}"${o}/>`;
const poly = (points: [number, number][], fill: string, o = "") =>
  `<path d="M${points.map(([x, y]) => `${x.toFixed(0)} ${y.toFixed(0)}`).join(" L")} Z" fill="${fill}"${o}/>`;

function tree(x: number, base: number, scale: number, c: ElementContext, pine: boolean): string {
  // In wind the crown leans away from the wind, the trunk with it.
  const lean = c.wind ? 28 * scale : 0;
  const trunk = rect(x - 8 * scale, base - 70 * scale, 16 * scale, 70 * scale, c.t("#5b3b22"), c.o);
  if (pine)
    return trunk + poly([[x - 50 * scale, base - 50 * scale], [x + lean + 0, base - 200 * scale], [x + 50 * scale, base - 50 * scale]], c.t("#24553a"), c.o);
  return trunk + `<ellipse cx="${(x + lean).toFixed(0)}" cy="${(base - 110 * scale).toFixed(0)}" rx="${(55 * scale).toFixed(0)}" ry="${(75 * scale).toFixed(0)}" fill="${c.t(c.random() < 0.5 ? "#2f6b34" : "#3f8040")}"${c.o}/>`;
}

function waves(c: ElementContext, top: number, bottom: number, count: number): string {
  const parts: string[] = [];
  // Wind: taller, whiter crests.
  const crest = c.wind ? 12 : 4;
  for (let i = 0; i < count; i++) {
    const x = c.random() * c.width;
    const y = top + 8 + c.random() * (bottom - top - 16);
    const w = 30 + c.random() * 70;
    parts.push(`<path d="M${x.toFixed(0)} ${y.toFixed(0)} q${(w / 2).toFixed(0)} ${-crest} ${w.toFixed(0)} 0" stroke="#ffffff" stroke-opacity="${c.wind ? 0.8 : 0.5}" stroke-width="${c.wind ? 4 : 3}" fill="none"/>`);
  }
  return parts.join("");
}

function lamppost(x: number, c: ElementContext): string {
  const top = c.horizon + 30;
  const glow = c.night ? `<circle cx="${x}" cy="${top - 190}" r="60" fill="#ffe08a" fill-opacity="0.25"/>` : "";
  return rect(x - 5, top - 190, 10, 190, c.t("#2f3136"), c.o) + rect(x - 22, top - 200, 44, 14, c.t("#2f3136"), c.o) + `<ellipse cx="${x}" cy="${top - 186}" rx="18" ry="6" fill="${c.night ? "#fff2b0" : c.t("#d8d2b0")}"/>` + glow;
}

const OUTDOOR: Partial<Record<SettingElement, (c: ElementContext) => string>> = {
  "open-sea": (c) => rect(0, c.horizon, c.width, c.height - c.horizon, c.t(c.night ? "#0d2240" : "#2a6f9e")) + waves(c, c.horizon, c.height, c.wind ? 40 : 22),
  rocks: (c) =>
    [90, 260, 1150].map((x, i) => poly([[x - 90, c.horizon + 120 + i * 10], [x - 40, c.horizon + 40], [x + 30, c.horizon + 30], [x + 95, c.horizon + 120 + i * 10]], c.t("#55575c"), c.o)).join(""),
  lighthouse: (c) => {
    const x = 1040, base = c.horizon + 50, top = c.horizon - 250;
    const stripes = [0.25, 0.55].map((f) => poly([[x - 48 + f * 14, base - (base - top) * f], [x + 48 - f * 14, base - (base - top) * f], [x + 44 - f * 14, base - (base - top) * (f + 0.12)], [x - 44 + f * 14, base - (base - top) * (f + 0.12)]], c.t("#b8312f"))).join("");
    // Its light turns at night and in bad weather: a beam across the sky.
    const beam = c.night || c.wind ? `<path d="M${x} ${top - 30} L${x - 700} ${top - 120} L${x - 700} ${top + 40} Z" fill="#fff6c0" fill-opacity="0.35"/>` : "";
    return poly([[x - 55, base], [x - 36, top], [x + 36, top], [x + 55, base]], c.t("#f2efe6"), c.o) + stripes +
      rect(x - 32, top - 48, 64, 48, c.t(c.night || c.wind ? "#ffe27a" : "#9fc6d8"), c.o) + poly([[x - 42, top - 48], [x, top - 80], [x + 42, top - 48]], c.t("#3a3a3a"), c.o) + rect(x - 46, top - 4, 92, 8, c.t("#3a3a3a")) + beam;
  },
  pier: (c) =>
    poly([[560, c.height], [600, c.horizon + 20], [700, c.horizon + 20], [760, c.height]], c.t("#8a6a44"), c.o) +
    [0, 1, 2, 3].map((i) => rect(585 + i * 2 - i * 10, c.horizon + 20 + i * 70, 10, 50, c.t("#5b4630")) + rect(705 + i * 14, c.horizon + 20 + i * 70, 10, 50, c.t("#5b4630"))).join(""),
  boats: (c) =>
    [180, 420, 900].map((x, i) => {
      const y = c.horizon + 40 + i * 12;
      const tilt = c.wind ? ` transform="rotate(${i % 2 ? 8 : -8} ${x} ${y})"` : "";
      return `<g${tilt}>${poly([[x - 70, y], [x + 70, y], [x + 50, y + 24], [x - 50, y + 24]], c.t(["#8a4b2a", "#2c5e8a", "#c9c2b0"][i]), c.o)}${rect(x - 2, y - 90, 4, 90, c.t("#444"))}${poly([[x + 2, y - 88], [x + 50, y - 10], [x + 2, y - 10]], c.t("#f2efe6"), c.o)}</g>`;
    }).join(""),
  cranes: (c) =>
    [140, 330].map((x) => rect(x, c.horizon - 260, 16, 260, c.t("#c9772a"), c.o) + rect(x - 60, c.horizon - 260, 220, 14, c.t("#c9772a"), c.o) + `<path d="M${x + 140} ${c.horizon - 246} v90" stroke="#333" stroke-width="3"/>`).join(""),
  "ship-deck": (c) =>
    poly([[0, c.horizon + 60], [c.width, c.horizon + 60], [c.width, c.height], [0, c.height]], c.t("#9a7046"), c.o) +
    Array.from({ length: 9 }, (_, i) => `<path d="M${i * 160} ${c.horizon + 60} L${i * 160 - 80} ${c.height}" stroke="#000" stroke-opacity="0.2" stroke-width="3"/>`).join("") +
    rect(0, c.horizon + 10, c.width, 8, c.t("#e8e4da")) + Array.from({ length: 17 }, (_, i) => rect(i * 80, c.horizon + 10, 6, 50, c.t("#e8e4da"))).join("") +
    rect(180, c.horizon - 330, 16, 390, c.t("#6b4a30"), c.o) + `<path d="M188 ${c.horizon - 330} L20 ${c.horizon + 10} M188 ${c.horizon - 330} L420 ${c.horizon + 10}" stroke="#333" stroke-width="2"/>`,
  palms: (c) =>
    [150, 1130].map((x) => {
      const bend = c.wind ? 40 : 15;
      const top = c.horizon - 200;
      return `<path d="M${x} ${c.horizon + 40} q${bend} -120 ${bend / 2} ${top - c.horizon - 40}" stroke="${c.t("#7a5a36")}" stroke-width="16" fill="none"/>` +
        [-1, 1].map((s) => `<path d="M${x + bend / 2} ${top} q${s * 60 + bend} -30 ${s * 110 + bend} 30" stroke="${c.t("#2f7a3a")}" stroke-width="14" fill="none"/>`).join("");
    }).join(""),
  pines: (c) => Array.from({ length: 5 }, () => tree(c.random() * c.width, c.horizon + 10 + c.random() * 30, 0.6 + c.random() * 0.6, c, true)).join(""),
  trees: (c) => Array.from({ length: 6 }, () => tree(c.random() * c.width, c.horizon + 10 + c.random() * 40, 0.6 + c.random() * 0.9, c, false)).join(""),
  buildings: (c) => {
    const parts: string[] = [];
    for (let bx = -20; bx < c.width; ) {
      const bw = 70 + c.random() * 110, bh = 120 + c.random() * 240;
      parts.push(rect(bx, c.horizon - bh, bw, bh, c.t(["#5a5f73", "#6b6f80", "#4a4e5e", "#7a7466", "#655a5a"][Math.floor(c.random() * 5)]), c.o));
      for (let wy = c.horizon - bh + 14; wy < c.horizon - 24; wy += 30)
        for (let wx = bx + 10; wx < bx + bw - 18; wx += 24) if (c.random() < (c.night ? 0.45 : 0.8)) parts.push(rect(wx, wy, 12, 16, c.t(c.night ? "#ffd36b" : "#a9c7e0")));
      bx += bw + 4;
    }
    return parts.join("");
  },
  road: (c) =>
    poly([[380, c.height], [590, c.horizon], [690, c.horizon], [900, c.height]], c.t("#25262b")) +
    Array.from({ length: 5 }, (_, i) => rect(636 - i * 2, c.horizon + 20 + i * 55, 8 + i * 4, 18 + i * 8, c.t("#e8d36a"))).join(""),
  streetlamps: (c) => [120, 1160].map((x) => lamppost(x, c)).join(""),
  peaks: (c) => {
    let d = `M0 ${c.horizon}`;
    for (let i = 0; i <= 10; i++) d += ` L${(c.width / 10) * i} ${i % 2 ? c.horizon - 150 - c.random() * 130 : c.horizon - c.random() * 20}`;
    return `<path d="${d} L${c.width} ${c.horizon} Z" fill="${c.t("#6d7287")}"${c.o}/>`;
  },
  snowcaps: (c) => Array.from({ length: 5 }, (_, i) => { const x = (c.width / 10) * (i * 2 + 1); return poly([[x - 40, c.horizon - 170], [x, c.horizon - 250], [x + 40, c.horizon - 170]], "#f4f7fb"); }).join(""),
  snowfield: (c) => rect(0, c.horizon, c.width, c.height - c.horizon, "#eef2f7") + `<path d="M0 ${c.horizon + 90} q320 -40 640 0 t640 0" stroke="#cfd8e3" stroke-width="6" fill="none"/>`,
  dunes: (c) => `<path d="M0 ${c.horizon + 60} q320 -90 640 -10 t640 10 V${c.height} H0 Z" fill="${c.t("#e0b36e")}"${c.o}/>`,
  cacti: (c) => [200, 980].map((x) => `<path d="M${x} ${c.horizon + 130} v-110 m0 36 h-30 v-30 m30 54 h30 v-42" stroke="${c.t("#3d7a3a")}" stroke-width="18" stroke-linecap="round" fill="none"/>`).join(""),
  fence: (c) => rect(0, c.horizon + 40, c.width, 8, c.t("#8a6a44")) + rect(0, c.horizon + 62, c.width, 8, c.t("#8a6a44")) + Array.from({ length: 17 }, (_, i) => rect(i * 80, c.horizon + 30, 10, 60, c.t("#6b4a30"))).join(""),
  barn: (c) => rect(820, c.horizon - 160, 260, 190, c.t("#9c2f27"), c.o) + poly([[800, c.horizon - 160], [950, c.horizon - 260], [1100, c.horizon - 160]], c.t("#6b2420"), c.o) + rect(900, c.horizon - 60, 100, 90, c.t("#f2efe6"), c.o),
  tombstones: (c) => Array.from({ length: 7 }, (_, i) => { const x = 120 + i * 160 + c.random() * 40, y = c.horizon + 50 + (i % 2) * 30; return `<path d="M${x - 26} ${y} v-50 q26 -30 52 0 v50 Z" fill="${c.t("#9a9ea3")}"${c.o}/>`; }).join(""),
  tents: (c) => [260, 980].map((x, i) => poly([[x - 110, c.horizon + 90], [x, c.horizon - 40], [x + 110, c.horizon + 90]], c.t(["#d9772a", "#2f6f9e"][i]), c.o) + poly([[x - 20, c.horizon + 90], [x, c.horizon + 20], [x + 20, c.horizon + 90]], "#1b1b1b")).join(""),
  campfire: (c) => `<path d="M600 ${c.horizon + 150} l80 -12 M600 ${c.horizon + 138} l80 12" stroke="${c.t("#5b3b22")}" stroke-width="12"/><path d="M640 ${c.horizon + 40} q35 50 20 100 q-20 16 -40 0 q-15 -50 20 -100 Z" fill="#ff8a1e"/>`,
  bridge: (c) => `<path d="M0 ${c.horizon - 40} Q640 ${c.horizon - 200} ${c.width} ${c.horizon - 40}" stroke="${c.t("#7d7f86")}" stroke-width="26" fill="none"/>` + Array.from({ length: 9 }, (_, i) => rect(60 + i * 145, c.horizon - 150 + Math.abs(4 - i) * 22, 14, 120 - Math.abs(4 - i) * 22, c.t("#7d7f86"))).join(""),
  tracks: (c) => `<path d="M460 ${c.height} L620 ${c.horizon} M820 ${c.height} L660 ${c.horizon}" stroke="${c.t("#4a4a4a")}" stroke-width="8"/>` + Array.from({ length: 8 }, (_, i) => rect(640 - (40 + i * 24), c.horizon + 10 + i * i * 4.2, 2 * (40 + i * 24), 6 + i, c.t("#6b4a30"))).join(""),
  platform: (c) => rect(0, c.horizon + 40, 420, c.height - c.horizon - 40, c.t("#8f8f8a"), c.o) + rect(0, c.horizon + 40, 420, 10, c.t("#e8d36a")) + rect(0, c.horizon - 200, 460, 20, c.t("#55575c"), c.o) + rect(60, c.horizon - 180, 12, 220, c.t("#55575c")) + rect(360, c.horizon - 180, 12, 220, c.t("#55575c")),
  "parking-lines": (c) => Array.from({ length: 8 }, (_, i) => `<path d="M${80 + i * 160} ${c.horizon + 30} l${-60 + i * 8} 220" stroke="#f2efe6" stroke-width="6"/>`).join(""),
  parapet: (c) => rect(0, c.horizon + 80, c.width, 40, c.t("#7a7466"), c.o) + rect(980, c.horizon - 140, 120, 110, c.t("#6b5a48"), c.o) + rect(990, c.horizon - 30, 10, 110, c.t("#444")) + rect(1080, c.horizon - 30, 10, 110, c.t("#444")),
  stalls: (c) => [200, 640, 1080].map((x, i) => rect(x - 110, c.horizon - 40, 220, 24, c.t(["#c0392b", "#2f6f9e", "#d9a52a"][i]), c.o) + rect(x - 100, c.horizon + 40, 200, 50, c.t("#8a6a44"), c.o) + rect(x - 100, c.horizon - 16, 8, 60, c.t("#555")) + rect(x + 92, c.horizon - 16, 8, 60, c.t("#555"))).join(""),
  pumps: (c) => rect(200, c.horizon - 170, 880, 24, c.t("#d9d4c7"), c.o) + [400, 880].map((x) => rect(x - 10, c.horizon - 146, 20, 180, c.t("#aaa")) + rect(x - 40, c.horizon - 20, 80, 100, c.t("#c0392b"), c.o) + rect(x - 26, c.horizon, 52, 30, c.t("#f2efe6"))).join(""),
  runway: (c) => poly([[300, c.height], [600, c.horizon], [680, c.horizon], [980, c.height]], c.t("#3a3b40")) + Array.from({ length: 5 }, (_, i) => rect(636 - i * 3, c.horizon + 20 + i * 55, 8 + i * 6, 24 + i * 8, "#f2efe6")).join("") +
    `<g transform="translate(900 ${c.horizon - 120})">${poly([[0, 40], [260, 30], [290, 50], [260, 70], [0, 60]], c.t("#e8eaef"), c.o)}${poly([[110, 50], [170, 50], [120, 110], [90, 110]], c.t("#c9ccd3"), c.o)}${poly([[10, 40], [30, 0], [50, 0], [50, 40]], c.t("#c9ccd3"), c.o)}</g>`,
  river: (c) => `<path d="M520 ${c.horizon} q-60 80 -20 140 t-140 140 H1000 q-140 -80 -60 -140 t-280 -140 Z" fill="${c.t(c.night ? "#16335a" : "#3f8fc4")}"/>` + waves({ ...c }, c.horizon + 60, c.horizon + 200, 6),
  "church-front": (c) => rect(760, c.horizon - 220, 260, 260, c.t("#b9ad98"), c.o) + poly([[740, c.horizon - 220], [890, c.horizon - 320], [1040, c.horizon - 220]], c.t("#6b5a48"), c.o) + rect(860, c.horizon - 440, 60, 130, c.t("#b9ad98"), c.o) + poly([[850, c.horizon - 440], [890, c.horizon - 520], [930, c.horizon - 440]], c.t("#6b5a48"), c.o) + rect(884, c.horizon - 560, 12, 50, c.t("#333")) + rect(870, c.horizon - 545, 40, 10, c.t("#333")) + `<path d="M850 ${c.horizon + 40} v-90 q40 -50 80 0 v90 Z" fill="${c.t("#4a3324")}"/>`,
  "house-front": (c) => rect(780, c.horizon - 170, 300, 210, c.t("#c7b79a"), c.o) + poly([[760, c.horizon - 170], [930, c.horizon - 280], [1100, c.horizon - 170]], c.t("#7a3b2e"), c.o) + rect(900, c.horizon - 70, 60, 110, c.t("#5b3b22"), c.o) + rect(810, c.horizon - 130, 60, 50, c.t(c.night ? "#ffd36b" : "#a9c7e0"), c.o) + rect(990, c.horizon - 130, 60, 50, c.t(c.night ? "#ffd36b" : "#a9c7e0"), c.o),
  shopfronts: (c) => [0, 320, 640, 960].map((x, i) => rect(x + 10, c.horizon - 240, 300, 280, c.t(["#7a7466", "#6b6f80", "#8a5a4a", "#5a6f5a"][i]), c.o) + rect(x + 30, c.horizon - 110, 180, 110, c.t(c.night ? "#ffd36b" : "#a9c7e0"), c.o) + rect(x + 10, c.horizon - 150, 300, 26, c.t(["#c0392b", "#2f6f9e", "#d9a52a", "#2f7a3a"][i]), c.o)).join(""),
  swings: (c) => rect(880, c.horizon - 150, 12, 190, c.t("#c0392b")) + rect(1140, c.horizon - 150, 12, 190, c.t("#c0392b")) + rect(880, c.horizon - 160, 272, 12, c.t("#c0392b")) + [960, 1060].map((x) => `<path d="M${x} ${c.horizon - 148} v120 M${x + 40} ${c.horizon - 148} v120" stroke="#333" stroke-width="3"/>` + rect(x - 5, c.horizon - 30, 50, 8, c.t("#333"))).join(""),
  "sign-cross": (c) => rect(560, c.horizon - 300, 160, 160, "#f2efe6", c.o) + rect(625, c.horizon - 285, 30, 130, "#c0392b") + rect(575, c.horizon - 235, 130, 30, "#c0392b"),
  "sign-police": (c) => rect(560, c.horizon - 290, 160, 50, c.t("#1d3f8a"), c.o) + `<circle cx="640" cy="${c.horizon - 310}" r="18" fill="${c.night ? "#6fa8ff" : c.t("#3a66c4")}"/>`,
  flowers: (c) => Array.from({ length: 24 }, () => `<circle cx="${(c.random() * c.width).toFixed(0)}" cy="${(c.horizon + 30 + c.random() * 90).toFixed(0)}" r="7" fill="${c.t(["#e0457b", "#ffd23f", "#f2efe6", "#b05cd8"][Math.floor(c.random() * 4)])}"/>`).join(""),
  "pool-water": (c) => rect(240, c.horizon + 40, 800, 160, c.t("#4fb3d9"), c.o) + waves(c, c.horizon + 50, c.horizon + 190, 8),
};

/** The elements of an exterior that the library lists, in order; ones drawn indoors only are skipped. */
export function outdoorElements(elements: readonly SettingElement[], c: ElementContext): string {
  return elements.map((e) => OUTDOOR[e]?.(c) ?? "").join("");
}

export const drawsOutdoors = (e: SettingElement) => e in OUTDOOR;
