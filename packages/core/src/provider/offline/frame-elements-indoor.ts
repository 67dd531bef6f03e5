/**
 * What stands in an interior, one drawer per settings element (frame-settings.ts),
 * against the back wall (floor line y = 470) so the characters stay in front;
 * and the shells that are not rooms: a car, a train or bus, a plane's cabin, a
 * cave. A lamp is drawn lit or dead as the block says (frame-poses.ts props).
 */
import type { ElementContext } from "./frame-elements-outdoor";
import type { InteriorShell, SettingElement } from "./frame-settings";

export interface IndoorContext extends ElementContext {
  /** A lamp in the room is lit (default at night), or dead when the block says so. */
  lampLit: boolean;
  /** The sky seen through a vehicle's windows (frame-scene.ts sky), in a box. */
  view: (x: number, y: number, w: number, h: number) => string;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, o = "") =>
  `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="${fill}"${o}/>`;
const row = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join("");

/** A standing lamp; dead, its shade is grey and it casts no light. */
export function standingLamp(x: number, c: Pick<IndoorContext, "t" | "o" | "lampLit">): string {
  const shade = c.lampLit ? "#ffe7a0" : "#8a8478";
  const glow = c.lampLit ? `<circle cx="${x + 21}" cy="365" r="90" fill="#ffd27a" fill-opacity="0.35"/>` : "";
  return glow + rect(x + 18, 380, 6, 150, c.t("#333"), c.o) + `<path d="M${x} 385 L${x + 42} 385 L${x + 32} 345 L${x + 10} 345 Z" fill="${c.t(shade)}"${c.o}/>`;
}

const INDOOR: Partial<Record<SettingElement, (c: IndoorContext) => string>> = {
  counter: (c) => rect(200, 400, 880, 26, c.t("#6b4226"), c.o) + rect(220, 426, 840, 90, c.t("#4e2f1a"), c.o),
  stools: (c) => row(5, (i) => rect(280 + i * 170, 530, 50, 12, c.t("#a33"), c.o) + rect(300 + i * 170, 542, 10, 60, c.t("#333"))),
  booths: (c) => [210, 960].map((x) => rect(x, 400, 110, 120, c.t("#a33"), c.o) + rect(x + 10, 460, 90, 16, c.t("#d9d4c7"))).join(""),
  "bottle-shelves": (c) => rect(220, 170, 840, 16, c.t("#5b3b22"), c.o) + rect(220, 250, 840, 16, c.t("#5b3b22"), c.o) + row(18, (i) => rect(240 + i * 45, 200 + (i % 3) * 4, 14, 50 - (i % 3) * 4, c.t(["#2e7d32", "#8d6e63", "#c62828"][i % 3]), c.o)),
  desk: (c) => rect(330, 420, 380, 24, c.t("#5b4632"), c.o) + rect(340, 444, 30, 120, c.t("#4a3828")) + rect(670, 444, 30, 120, c.t("#4a3828")) + rect(450, 330, 150, 90, c.t("#1d2230"), c.o) + rect(460, 340, 130, 70, c.t("#5fa3c9")),
  filing: (c) => rect(880, 330, 110, 160, c.t("#7d8794"), c.o) + row(3, (i) => rect(892, 345 + i * 48, 86, 38, c.t("#6a737f"), c.o)),
  bed: (c) => rect(400, 380, 420, 120, c.t("#e9e4f0"), c.o) + rect(380, 320, 30, 190, c.t("#6b4a30"), c.o) + rect(420, 360, 110, 40, c.t("#ffffff"), c.o) + rect(580, 400, 240, 90, c.t("#7d8fc9"), c.o),
  nightstand: (c) => rect(250, 420, 90, 80, c.t("#6b4a30"), c.o) + standingLamp(270, c),
  "kitchen-units": (c) => rect(230, 360, 520, 130, c.t("#d9d4c7"), c.o) + rect(230, 350, 520, 16, c.t("#6f6a63"), c.o) + row(4, (i) => rect(250 + i * 128, 380, 110, 96, c.t("#b8ad98"), c.o)) + rect(800, 250, 140, 240, c.t("#e8e8e8"), c.o) + rect(812, 330, 116, 4, c.t("#9a9a9a")) + rect(280, 180, 400, 90, c.t("#c9bfa8"), c.o),
  "hospital-bed": (c) => rect(420, 400, 400, 30, c.t("#f5f5f5"), c.o) + rect(420, 430, 400, 20, c.t("#9aa5ad"), c.o) + rect(430, 450, 10, 80, c.t("#9aa5ad")) + rect(800, 450, 10, 80, c.t("#9aa5ad")) + rect(420, 360, 20, 70, c.t("#9aa5ad")),
  "drip-stand": (c) => rect(880, 250, 10, 280, c.t("#b0b7bd"), c.o) + rect(860, 250, 50, 60, c.t("#7fbf9f"), c.o),
  curtain: (c) => `<path d="M230 120 Q260 300 230 470 L330 470 Q300 300 330 120 Z" fill="${c.t("#a7d3c9")}"${c.o}/>`,
  pews: (c) => row(3, (i) => rect(240 + i * 20, 440 + i * 60, 800 - i * 40, 18, c.t("#6b4a30"), c.o) + rect(240 + i * 20, 400 + i * 60, 800 - i * 40, 14, c.t("#5b3b22"), c.o)),
  "altar-cross": (c) => rect(560, 380, 160, 80, c.t("#e9e2d2"), c.o) + rect(628, 150, 24, 180, c.t("#c9a23a"), c.o) + rect(590, 195, 100, 22, c.t("#c9a23a"), c.o),
  "stained-glass": (c) => [330, 880].map((x) => `<path d="M${x} 330 v-150 q50 -70 100 0 v150 Z" fill="${c.t("#3a66c4")}"${c.o}/>` + rect(x + 10, 240, 40, 50, c.t("#c0392b")) + rect(x + 50, 200, 40, 60, c.t("#d9a52a"))).join(""),
  blackboard: (c) => rect(330, 150, 620, 200, c.t("#2f4f3a"), c.o) + rect(320, 350, 640, 10, c.t("#8d6b48"), c.o) + `<path d="M380 200 h200 M380 240 h140 M620 220 h220" stroke="#e8eee8" stroke-width="4"/>`,
  "school-desks": (c) => row(3, (i) => rect(260 + i * 300, 480, 160, 14, c.t("#b08050"), c.o) + rect(330 + i * 300, 494, 14, 70, c.t("#555"))),
  bookshelves: (c) => row(3, (s) => rect(230 + s * 300, 120, 240, 350, c.t("#6b4a30"), c.o) + row(4, (r) => rect(240 + s * 300, 130 + r * 85, 220, 8, c.t("#4e2f1a")) + row(9, (b) => rect(244 + s * 300 + b * 24, 150 + r * 85, 18, 60 - (b % 3) * 8, c.t(["#8a2d2d", "#2d5b8a", "#c9a23a", "#2f7a3a"][(b + r) % 4]))))),
  sofa: (c) => rect(360, 400, 420, 110, c.t("#8a4f4f"), c.o) + rect(360, 360, 420, 60, c.t("#9c5c5c"), c.o) + rect(340, 380, 40, 130, c.t("#7a4343"), c.o) + rect(760, 380, 40, 130, c.t("#7a4343"), c.o),
  tv: (c) => rect(860, 330, 170, 110, c.t("#1c1f26"), c.o) + rect(870, 340, 150, 90, c.t(c.night ? "#9fd0ff" : "#3a4a5a")) + rect(880, 440, 130, 60, c.t("#5b4632"), c.o),
  bathtub: (c) => `<path d="M380 420 h360 v50 q0 40 -40 40 h-280 q-40 0 -40 -40 Z" fill="${c.t("#f2f4f6")}"${c.o}/>` + rect(700, 360, 10, 60, c.t("#9aa5ad")),
  "mirror-sink": (c) => rect(860, 180, 140, 160, c.t("#c9e3f0"), c.o) + rect(850, 400, 160, 30, c.t("#f2f4f6"), c.o) + rect(910, 430, 40, 80, c.t("#f2f4f6"), c.o),
  "cell-bars": (c) => row(16, (i) => rect(200 + i * 56, 70, 12, 520, c.t("#4a4e5e"), c.o)) + rect(200, 70, 880, 16, c.t("#4a4e5e"), c.o),
  "notice-board": (c) => rect(300, 160, 260, 160, c.t("#b08050"), c.o) + row(6, (i) => rect(315 + (i % 3) * 80, 175 + Math.floor(i / 3) * 70, 60, 55, c.t(["#f2efe6", "#ffe58a", "#f2efe6"][i % 3]))),
  lockers: (c) => row(8, (i) => rect(240 + i * 100, 170, 90, 300, c.t("#5f7fa0"), c.o) + rect(250 + i * 100, 190, 70, 6, c.t("#3f5f80"))),
  crates: (c) => [[260, 380], [380, 380], [320, 280], [860, 360], [960, 360]].map(([x, y]) => rect(x, y, 110, 110, c.t("#a8743d"), c.o) + `<path d="M${x} ${y} l110 110 M${x + 110} ${y} l-110 110" stroke="#6b4a30" stroke-width="4"/>`).join(""),
  machines: (c) => [260, 820].map((x) => rect(x, 260, 200, 220, c.t("#6a737f"), c.o) + rect(x + 20, 280, 80, 50, c.t("#1d2230")) + `<circle cx="${x + 150}" cy="310" r="22" fill="${c.t("#c0392b")}"/>` + row(3, (i) => rect(x + 20 + i * 50, 360, 30, 30, c.t(["#2f7a3a", "#d9a52a", "#3a66c4"][i])))).join(""),
  "goods-shelves": (c) => row(3, (s) => rect(230 + s * 300, 200, 240, 270, c.t("#8d8d8d"), c.o) + row(3, (r) => rect(240 + s * 300, 220 + r * 80, 220, 6, c.t("#555")) + row(7, (b) => rect(246 + s * 300 + b * 30, 236 + r * 80, 24, 40, c.t(["#c0392b", "#d9a52a", "#2f6f9e", "#2f7a3a"][(b + s + r) % 4]))))),
  stage: (c) => rect(260, 330, 760, 150, c.t("#5b3b22"), c.o) + `<path d="M200 70 h200 q-40 160 0 260 h-200 Z M1080 70 h-200 q40 160 0 260 h200 Z" fill="${c.t("#8a1f2a")}"${c.o}/>` + `<circle cx="640" cy="250" r="120" fill="#fff6c0" fill-opacity="0.25"/>`,
  paintings: (c) => [[320, 160, 160, 120], [560, 140, 180, 150], [820, 170, 140, 110]].map(([x, y, w, h]) => rect(x, y, w, h, c.t("#c9a23a"), c.o) + rect(x + 10, y + 10, w - 20, h - 20, c.t(["#6f8fa8", "#a8746f", "#6fa87d"][x % 3]))).join(""),
  "lab-bench": (c) => rect(260, 400, 760, 24, c.t("#2f3136"), c.o) + rect(280, 424, 720, 80, c.t("#d9d4c7"), c.o) + row(6, (i) => rect(300 + i * 110, 350, 24, 50, c.t(["#7fbf9f", "#9fd0ff", "#ffd23f"][i % 3]), c.o)),
  portholes: (c) => [360, 640, 920].map((x) => `<circle cx="${x}" cy="220" r="58" fill="${c.t("#8a8478")}"${c.o}/>${c.view(x - 46, 174, 92, 92).replace(/<rect /, `<rect rx="46" `)}`).join(""),
  beams: (c) => row(4, (i) => rect(200 + i * 280, 70, 40, 400, c.t("#6b4a30"), c.o)) + rect(200, 90, 880, 30, c.t("#5b3b22"), c.o),
  hay: (c) => [[240, 400], [360, 400], [300, 320], [900, 400]].map(([x, y]) => rect(x, y, 120, 80, c.t("#d9b84a"), c.o)).join(""),
  "dining-tables": (c) => [300, 760].map((x) => rect(x, 470, 220, 14, c.t("#f2efe6"), c.o) + rect(x + 100, 484, 20, 80, c.t("#5b3b22")) + `<circle cx="${x + 110}" cy="455" r="8" fill="${c.night ? "#ffd27a" : c.t("#c9a23a")}"/>`).join(""),
  "lamp-table": (c) => rect(500, 440, 280, 18, c.t("#7b5231"), c.o) + rect(512, 458, 14, 90, c.t("#5e3d24")) + rect(754, 458, 14, 90, c.t("#5e3d24")) + standingLamp(880, c),
  "elevator-doors": (c) => rect(420, 120, 440, 350, c.t("#b0b7bd"), c.o) + `<path d="M640 120 v350" stroke="#555" stroke-width="4"/>` + rect(880, 260, 40, 70, c.t("#333"), c.o),
  "reception-desk": (c) => rect(320, 380, 640, 130, c.t("#7b5231"), c.o) + rect(300, 370, 680, 18, c.t("#5b3b22"), c.o) + rect(500, 150, 280, 60, c.t("#c9a23a"), c.o),
  wheel: (c) => `<circle cx="640" cy="330" r="80" stroke="${c.t("#6b4a30")}" stroke-width="14" fill="none"/>` + row(8, (i) => `<path d="M640 330 l${(Math.cos((i * Math.PI) / 4) * 110).toFixed(0)} ${(Math.sin((i * Math.PI) / 4) * 110).toFixed(0)}" stroke="${c.t("#6b4a30")}" stroke-width="10"/>`),
  lens: (c) => `<path d="M540 120 h200 l30 260 h-260 Z" fill="${c.t(c.lampLit ? "#fff2a0" : "#c9d3de")}" fill-opacity="0.9"${c.o}/>` + row(5, (i) => `<path d="M${545 - i * 6} ${150 + i * 45} h${190 + i * 12}" stroke="#8a8478" stroke-width="3"/>`),
};

export function indoorElements(elements: readonly SettingElement[], c: IndoorContext): string {
  return elements.map((e) => INDOOR[e]?.(c) ?? "").join("");
}

/** The inside of a vehicle or a cave, drawn instead of a room's walls. */
export function vehicleShell(shell: Exclude<InteriorShell, "room">, c: IndoorContext): string {
  const { t, o } = c;
  switch (shell) {
    case "car":
      // Through the windscreen: sky and road; then the dashboard, the wheel and the seat backs.
      return c.view(0, 0, c.width, 420) + `<path d="M0 0 H1280 V60 Q640 20 0 60 Z" fill="${t("#2a2a2e")}"/>` + rect(0, 0, 70, 420, t("#2a2a2e")) + rect(1210, 0, 70, 420, t("#2a2a2e")) +
        `<path d="M0 400 Q640 330 1280 400 V720 H0 Z" fill="${t("#33302c")}"${o}/>` + `<circle cx="340" cy="470" r="95" stroke="${t("#141414")}" stroke-width="22" fill="none"/>` + rect(560, 420, 160, 60, t("#1d2230"), o) + rect(60, 520, 300, 200, t("#5b4632"), o) + rect(920, 520, 300, 200, t("#5b4632"), o);
    case "train":
    case "plane": {
      const plane = shell === "plane";
      const wall = rect(0, 0, c.width, 720, t(plane ? "#d8d6cf" : "#9aa39a"));
      const windows = row(plane ? 5 : 4, (i) => {
        const x = plane ? 160 + i * 220 : 120 + i * 280, w = plane ? 90 : 220, h = plane ? 120 : 150;
        return `<g>${c.view(x, 150, w, h)}</g>` + rect(x, 150, w, h, "none", ` stroke="${t("#6b6f80")}" stroke-width="${plane ? 14 : 10}"${plane ? ' rx="40"' : ""}`);
      });
      const bins = plane ? rect(0, 40, c.width, 70, t("#eceae4"), o) : rect(0, 90, c.width, 14, t("#6b6f80"));
      const seats = row(plane ? 4 : 3, (i) => rect(80 + i * (plane ? 300 : 420), 380, plane ? 200 : 300, 200, t(plane ? "#2f4f8a" : "#8a2d2d"), o) + rect(80 + i * (plane ? 300 : 420), 360, plane ? 200 : 300, 40, t(plane ? "#3f5f9a" : "#9c3f3f"), o));
      return wall + windows + bins + seats + rect(0, 580, c.width, 140, t("#4a4a50"));
    }
    case "cave":
      return rect(0, 0, c.width, 720, t("#3a3633")) + `<path d="M0 0 H1280 V720 H0 Z M260 470 Q300 120 640 100 Q980 120 1020 470 Z" fill="${t("#55504a")}" fill-rule="evenodd"${o}/>` + rect(0, 470, c.width, 250, t("#4a4540"));
  }
}
