/**
 * Fonts for text drawn with resvg (frame captions, burned-in subtitles).
 * Loading one known file is much faster than scanning the system fonts on
 * every render, so we look for a usual sans font once and fall back to the
 * system scan only when none is there.
 */
import { existsSync } from "node:fs";

/** Regular and bold faces of usual sans families, best first. */
const FAMILIES: { family: string; files: string[] }[] = [
  { family: "DejaVu Sans", files: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"] },
  { family: "DejaVu Sans", files: ["/usr/share/fonts/dejavu/DejaVuSans.ttf", "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf"] },
  { family: "Liberation Sans", files: ["/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf", "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf"] },
  { family: "Arial", files: ["/Library/Fonts/Arial.ttf", "/Library/Fonts/Arial Bold.ttf"] },
  { family: "Arial", files: ["C:\\Windows\\Fonts\\arial.ttf", "C:\\Windows\\Fonts\\arialbd.ttf"] },
];

export interface ResvgFontOptions {
  loadSystemFonts: boolean;
  fontFiles?: string[];
  defaultFontFamily?: string;
}

let cached: ResvgFontOptions | undefined;

export function textFontOptions(): ResvgFontOptions {
  if (!cached) {
    // STORYBOARD_FONT_FILE names a font for environments without these (e.g. a Lambda layer); set its family too.
    const custom = process.env.STORYBOARD_FONT_FILE;
    const found = custom && existsSync(custom)
      ? { family: process.env.STORYBOARD_FONT_FAMILY ?? "sans-serif", files: [custom] }
      : FAMILIES.map((f) => ({ ...f, files: f.files.filter((file) => existsSync(file)) })).find((f) => f.files.length > 0);
    cached = found ? { loadSystemFonts: false, fontFiles: found.files, defaultFontFamily: found.family } : { loadSystemFonts: true };
  }
  return cached;
}

/** The font family SVG text should name; the first loaded font answers for it. */
export function textFontFamily(): string {
  return textFontOptions().defaultFontFamily ?? "sans-serif";
}

/** Escapes text for SVG content and attributes. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] as string);
}
