/**
 * Furniture for interior frames, picked by the kind of room the location
 * names. Shapes stand against the back wall (floor line y = 470) so the
 * characters stay in front of them.
 */
import type { InteriorKind } from "./frame-palette";

type Tone = (hex: string) => string;

const rect = (x: number, y: number, w: number, h: number, fill: string, o: string) =>
  `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="${fill}"${o}/>`;

function table(x: number, t: Tone, o: string): string {
  return rect(x, 480, 240, 18, t("#7b5231"), o) + rect(x + 12, 498, 14, 80, t("#5e3d24"), o) + rect(x + 214, 498, 14, 80, t("#5e3d24"), o);
}

function chair(x: number, t: Tone, o: string): string {
  return rect(x, 430, 12, 140, t("#4d3322"), o) + rect(x, 510, 70, 12, t("#6b4a30"), o) + rect(x + 58, 522, 12, 50, t("#4d3322"), o);
}

function lamp(x: number, t: Tone, o: string): string {
  return rect(x + 18, 380, 6, 150, t("#333"), o) + `<path d="M${x} 385 L${x + 42} 385 L${x + 32} 345 L${x + 10} 345 Z" fill="${t("#f2dfa7")}"${o}/>`;
}

export function furniture(room: InteriorKind, t: Tone, o: string, random: () => number): string {
  const shift = Math.round(random() * 60);
  switch (room) {
    case "kitchen":
      return (
        rect(230 + shift, 360, 520, 130, t("#d9d4c7"), o) +
        rect(230 + shift, 350, 520, 16, t("#6f6a63"), o) +
        [0, 1, 2, 3].map((i) => rect(250 + shift + i * 128, 380, 110, 96, t("#b8ad98"), o)).join("") +
        rect(800 + shift, 250, 140, 240, t("#e8e8e8"), o) +
        rect(812 + shift, 330, 116, 4, t("#9a9a9a"), o)
      );
    case "office":
      return (
        rect(300 + shift, 420, 380, 24, t("#5b4632"), o) +
        rect(310 + shift, 444, 30, 120, t("#4a3828"), o) +
        rect(640 + shift, 444, 30, 120, t("#4a3828"), o) +
        rect(420 + shift, 330, 150, 90, t("#1d2230"), o) +
        rect(430 + shift, 340, 130, 70, t("#5fa3c9"), o) +
        rect(860, 330, 110, 160, t("#7d8794"), o) +
        [0, 1, 2].map((i) => rect(872, 345 + i * 48, 86, 38, t("#6a737f"), o)).join("") +
        chair(560 + shift, t, o)
      );
    case "bedroom":
      return (
        rect(380 + shift, 380, 420, 120, t("#e9e4f0"), o) +
        rect(360 + shift, 320, 30, 190, t("#6b4a30"), o) +
        rect(400 + shift, 360, 110, 40, t("#ffffff"), o) +
        rect(560 + shift, 400, 240, 90, t("#7d8fc9"), o) +
        rect(250 + shift, 420, 90, 80, t("#6b4a30"), o) +
        lamp(270 + shift, t, o)
      );
    case "bar":
      return (
        rect(220, 170, 840, 16, t("#5b3b22"), o) +
        rect(220, 250, 840, 16, t("#5b3b22"), o) +
        Array.from({ length: 18 }, (_, i) => rect(240 + i * 45, 200 + (i % 3) * 4, 14, 50 - (i % 3) * 4, t(["#2e7d32", "#8d6e63", "#c62828"][i % 3]), o)).join("") +
        rect(200, 400, 880, 30, t("#6b4226"), o) +
        rect(220, 430, 840, 90, t("#4e2f1a"), o) +
        [0, 1, 2, 3, 4].map((i) => rect(280 + i * 170, 530, 50, 12, t("#a33"), o) + rect(300 + i * 170, 542, 10, 60, t("#333"), o)).join("")
      );
    case "hospital":
      return (
        rect(420 + shift, 400, 400, 30, t("#f5f5f5"), o) +
        rect(420 + shift, 430, 400, 20, t("#9aa5ad"), o) +
        rect(430 + shift, 450, 10, 80, t("#9aa5ad"), o) +
        rect(800 + shift, 450, 10, 80, t("#9aa5ad"), o) +
        rect(880, 250, 10, 280, t("#b0b7bd"), o) +
        rect(860, 250, 50, 60, t("#7fbf9f"), o) +
        `<path d="M230 120 Q260 300 230 470 L330 470 Q300 300 330 120 Z" fill="${t("#a7d3c9")}"${o}/>`
      );
    case "classroom":
      return (
        rect(330, 150, 620, 200, t("#2f4f3a"), o) +
        rect(320, 350, 640, 10, t("#8d6b48"), o) +
        [0, 1, 2].map((i) => rect(260 + i * 300, 480, 160, 14, t("#b08050"), o) + rect(330 + i * 300, 494, 14, 70, t("#555"), o)).join("")
      );
    case "living":
      return (
        rect(360 + shift, 400, 420, 110, t("#8a4f4f"), o) +
        rect(360 + shift, 360, 420, 60, t("#9c5c5c"), o) +
        rect(340 + shift, 380, 40, 130, t("#7a4343"), o) +
        rect(760 + shift, 380, 40, 130, t("#7a4343"), o) +
        rect(450 + shift, 540, 240, 20, t("#5b4632"), o) +
        rect(300, 150, 160, 110, t("#d8c39a"), o) +
        rect(312, 162, 136, 86, t("#6f8fa8"), o) +
        lamp(860, t, o)
      );
    default:
      return table(420 + shift, t, o) + chair(330 + shift, t, o) + chair(700 + shift, t, o) + lamp(880, t, o);
  }
}
