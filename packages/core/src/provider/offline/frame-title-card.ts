/**
 * A title card: a centred block of the script (Fountain's `> THE END <`) is
 * drawn as its words, set large and centred on a plate in the style's colour,
 * with no people and no place (docs/decisions.md#title-cards-and-shots-within-a-scene).
 */
import type { StyleId } from "../../catalog/styles";
import { escapeXml, textFontFamily } from "../../media/fonts";
import type { CaptionLayer } from "./frame-caption";

/** The block type an image request carries for a centred block (render/block-image.ts). */
export const TITLE_CARD = "title_card";

/** The plate's colour per style: dark, and for the comic style its own red. */
const PLATES: Record<StyleId, { plate: string; ink: string }> = {
  cinematic: { plate: "#14171f", ink: "#f2efe6" },
  noir: { plate: "#0d0d0d", ink: "#f5f5f5" },
  ghibli: { plate: "#26365a", ink: "#fdf6e3" },
  comic: { plate: "#a8231c", ink: "#fff8e0" },
  surreal: { plate: "#2e1a47", ink: "#f4e9ff" },
  documentary: { plate: "#1e1e1e", ink: "#e8e8e8" },
};

/** The most characters a line of the card holds before it wraps at a space. */
const LINE_CHARACTERS = 24;

/** The card's lines: the script's own line breaks, long lines wrapped at spaces. */
export function titleCardLines(text: string): string[] {
  const lines: string[] = [];
  for (const written of text.split(/\n+/).map((l) => l.replace(/\s+/g, " ").trim()).filter(Boolean)) {
    let line = "";
    for (const word of written.split(" ")) {
      if (line && line.length + 1 + word.length > LINE_CHARACTERS) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(line);
  }
  return lines;
}

/** The plate, as SVG over the whole frame (the style's pixel pass then gives it its grain). */
export function titleCardPlate(style: StyleId, size: { width: number; height: number }): string {
  const { plate } = PLATES[style];
  // A soft vignette so the plate reads as a lit card, not a blank frame.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">` +
    `<defs><radialGradient id="v" cx="50%" cy="50%" r="70%"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient></defs>` +
    `<rect width="100%" height="100%" fill="${plate}"/><rect width="100%" height="100%" fill="url(#v)"/></svg>`
  );
}

/** The card's words, large and centred, as a text layer drawn after the style pass so they stay crisp. */
export function titleCardText(text: string, style: StyleId, size: { width: number; height: number }): CaptionLayer {
  const lines = titleCardLines(text);
  const longest = Math.max(1, ...lines.map((l) => l.length));
  // As large as fits: a bold capital with its letter spacing is about 0.8 em wide, across 80 % of the width; 1.25 em per line down 70 % of the height.
  const fontSize = Math.round(Math.min(size.height * 0.16, (size.width * 0.8) / (longest * 0.8), (size.height * 0.7) / (lines.length * 1.25)));
  const lineHeight = fontSize * 1.25;
  const firstBaseline = size.height / 2 - ((lines.length - 1) * lineHeight) / 2 + fontSize * 0.35;
  const family = escapeXml(textFontFamily());
  const { ink } = PLATES[style];
  const words = lines
    .map(
      (line, i) =>
        `<text x="${size.width / 2}" y="${Math.round(firstBaseline + i * lineHeight)}" font-family="${family}" font-size="${fontSize}" font-weight="bold" letter-spacing="${Math.round(fontSize * 0.06)}" fill="${ink}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join("");
  return { svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">${words}</svg>`, top: 0 };
}
