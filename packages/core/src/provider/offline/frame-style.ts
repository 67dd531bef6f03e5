/**
 * The pixel pass that gives each visual style its look, run on the raw RGBA
 * frame before any text is drawn. Plain loops over the buffer (about 10-30 ms
 * a frame) are faster here than chains of sharp operations, and sharp would
 * reorder operations inside one pipeline anyway; the one blur (anime softness)
 * runs as its own sharp stage.
 */
import sharp from "sharp";
import type { StyleId } from "../../catalog/styles";
import { hash2 } from "./random";

export interface RawFrame {
  /** RGBA, row-major, 4 bytes a pixel. */
  data: Uint8Array;
  width: number;
  height: number;
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** Darkening toward the corners: 1 at the centre, 1 - strength at the corners. */
function vignette(x: number, y: number, w: number, h: number, strength: number): number {
  const dx = (x - w / 2) / (w / 2);
  const dy = (y - h / 2) / (h / 2);
  return 1 - strength * Math.min(1, (dx * dx + dy * dy) / 2);
}

/** The black bars that make a frame 2.39:1: 92 px in 1280x720, none in a 2.39:1 frame itself. */
export const letterboxOf = (w: number, h: number) => Math.max(0, Math.round((h - w / 2.39) / 2));

function cinematic({ data, width: w, height: h }: RawFrame): void {
  const letterbox = letterboxOf(w, h);
  for (let y = 0; y < h; y++) {
    const bar = y < letterbox || y >= h - letterbox;
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      if (bar) {
        data[i] = data[i + 1] = data[i + 2] = 0;
        continue;
      }
      const r = data[i], g = data[i + 1], b = data[i + 2];
      const l = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
      const curve = l * l * (3 - 2 * l); // S-curve contrast
      const k = (curve - l) * 255;
      const v = vignette(x, y, w, h, 0.35);
      // Teal in the shadows, orange in the highlights.
      data[i] = clamp((r + k - (1 - l) * 28 + l * 34) * v);
      data[i + 1] = clamp((g + k + (1 - l) * 10 + l * 6) * v);
      data[i + 2] = clamp((b + k + (1 - l) * 26 - l * 30) * v);
    }
  }
}

function noir({ data, width: w, height: h }: RawFrame, seed: number): void {
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const l = (0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2]) / 255;
      const contrast = Math.min(1, Math.max(0, (l - 0.45) * 2.1 + 0.45));
      const grain = (hash2(x, y, seed) - 0.5) * 46;
      const v = clamp((contrast * 255 + grain) * vignette(x, y, w, h, 0.75));
      data[i] = data[i + 1] = data[i + 2] = v;
    }
  }
}

function pastel({ data }: RawFrame): void {
  for (let i = 0; i < data.length; i += 4) {
    const r = data[i], g = data[i + 1], b = data[i + 2];
    const l = 0.299 * r + 0.587 * g + 0.114 * b;
    // Keep the hue, soften the chroma, lift toward a warm cream.
    data[i] = clamp(l + (r - l) * 1.1) * 0.76 + 255 * 0.24;
    data[i + 1] = clamp(l + (g - l) * 1.1) * 0.76 + 246 * 0.24;
    data[i + 2] = clamp(l + (b - l) * 1.1) * 0.76 + 236 * 0.24;
  }
}

function comic({ data, width: w, height: h }: RawFrame): void {
  const lum = new Float32Array(w * h);
  for (let p = 0, i = 0; p < lum.length; p++, i += 4) lum[p] = 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
  const edge = new Uint8Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x;
      const gx = lum[p - w + 1] + 2 * lum[p + 1] + lum[p + w + 1] - lum[p - w - 1] - 2 * lum[p - 1] - lum[p + w - 1];
      const gy = lum[p + w - 1] + 2 * lum[p + w] + lum[p + w + 1] - lum[p - w - 1] - 2 * lum[p - w] - lum[p - w + 1];
      if (gx * gx + gy * gy > 90 * 90) edge[p] = 1;
    }
  }
  const cell = 9;
  const half = cell / 2 - 0.5;
  // Four levels per channel, from a table rather than per-pixel arithmetic.
  const poster = new Uint8Array(256).map((_, v) => Math.min(255, Math.round(v / 64) * 64));
  for (let y = 0; y < h; y++) {
    const dy = (y % cell) - half;
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      const i = p * 4;
      const thick = edge[p] || (x > 1 && edge[p - 2]) || (y > 1 && edge[p - 2 * w]) || edge[p - 1] || edge[p - w];
      if (thick) {
        data[i] = data[i + 1] = data[i + 2] = 12;
        continue;
      }
      // Halftone dots: bigger where the colour is darker.
      const dx = (x % cell) - half;
      const radius = (1 - lum[p] / 255) * cell * 0.62;
      const k = dx * dx + dy * dy < radius * radius ? 0.45 : 1;
      data[i] = poster[data[i]] * k;
      data[i + 1] = poster[data[i + 1]] * k;
      data[i + 2] = poster[data[i + 2]] * k;
    }
  }
}

function surreal(frame: RawFrame): void {
  const { data, width: w, height: h } = frame;
  const source = Uint8Array.from(data);
  // Hue rotation by 150 degrees (the standard luminance-preserving matrix).
  const a = (150 * Math.PI) / 180;
  const cos = Math.cos(a), sin = Math.sin(a);
  const m = [
    0.213 + cos * 0.787 - sin * 0.213, 0.715 - cos * 0.715 - sin * 0.715, 0.072 - cos * 0.072 + sin * 0.928,
    0.213 - cos * 0.213 + sin * 0.143, 0.715 + cos * 0.285 + sin * 0.14, 0.072 - cos * 0.072 - sin * 0.283,
    0.213 - cos * 0.213 - sin * 0.787, 0.715 - cos * 0.715 + sin * 0.715, 0.072 + cos * 0.928 + sin * 0.072,
  ];
  // A melting wave: rows slide sideways, columns sag toward the bottom.
  const sag = Float32Array.from({ length: w }, (_, x) => 14 * Math.sin((x / w) * Math.PI * 3));
  for (let y = 0; y < h; y++) {
    const shiftX = Math.round(22 * Math.sin((y / h) * Math.PI * 5));
    const depth = y / h;
    for (let x = 0; x < w; x++) {
      const sx = Math.min(w - 1, Math.max(0, x + shiftX));
      const sy = Math.min(h - 1, Math.max(0, y - Math.round(sag[x] * depth)));
      const s = (sy * w + sx) * 4;
      const i = (y * w + x) * 4;
      const r = source[s], g = source[s + 1], b = source[s + 2];
      data[i] = clamp((m[0] * r + m[1] * g + m[2] * b) * 1.05);
      data[i + 1] = clamp(m[3] * r + m[4] * g + m[5] * b);
      data[i + 2] = clamp((m[6] * r + m[7] * g + m[8] * b) * 1.1);
    }
  }
}

function documentary({ data, width: w, height: h }: RawFrame, seed: number): void {
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const r = data[i], g = data[i + 1], b = data[i + 2];
      const l = 0.299 * r + 0.587 * g + 0.114 * b;
      const grain = (hash2(x, y, seed) - 0.5) * 14;
      const v = vignette(x, y, w, h, 0.25);
      // Mostly grey, a sepia cast, flattened contrast.
      const sr = l + (r - l) * 0.35, sg = l + (g - l) * 0.35, sb = l + (b - l) * 0.35;
      data[i] = clamp((sr * 0.86 + 30 + grain) * v);
      data[i + 1] = clamp((sg * 0.84 + 20 + grain) * v);
      data[i + 2] = clamp((sb * 0.78 + 6 + grain) * v);
    }
  }
}

async function blur(frame: RawFrame, sigma: number): Promise<void> {
  const raw = { width: frame.width, height: frame.height, channels: 4 as const };
  const out = await sharp(frame.data, { raw }).blur(sigma).raw().toBuffer();
  frame.data.set(out);
}

/** Applies the style in place. */
export async function applyStyle(frame: RawFrame, style: StyleId, seed: number): Promise<void> {
  switch (style) {
    case "cinematic":
      return cinematic(frame);
    case "noir":
      return noir(frame, seed);
    case "ghibli":
      await blur(frame, 1.1);
      return pastel(frame);
    case "comic":
      return comic(frame);
    case "surreal":
      return surreal(frame);
    case "documentary":
      return documentary(frame, seed);
  }
}
