/**
 * Text drawn into videos and posters as transparent PNGs rendered with resvg:
 * ffmpeg overlays them, which costs a fraction of its drawtext filter.
 */
import { Resvg } from "@resvg/resvg-js";
import { escapeXml, textFontFamily, textFontOptions } from "./fonts";

export const CAPTION_BOX_HEIGHT = 132;

/** Greedy word wrap by an average glyph width: good enough for a sans font. */
export function wrapLines(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1].replace(/[\s.,;:!?-]*$/, "").slice(0, maxChars - 1)}\u2026`;
    return kept;
  }
  return lines.map((l) => (l.length > maxChars ? `${l.slice(0, maxChars - 1)}\u2026` : l));
}

/**
 * A subtitle for one clip: up to two centred lines on a translucent box,
 * `width` wide and CAPTION_BOX_HEIGHT tall (overlay it at the bottom, above
 * the frame's own caption strip).
 */
export function captionPng(text: string, width = 1280): Buffer {
  const lines = wrapLines(text, 62, 2);
  const family = escapeXml(textFontFamily());
  const lineHeight = 38;
  const boxHeight = 20 + lines.length * lineHeight;
  const longest = Math.max(...lines.map((l) => l.length), 1);
  const boxWidth = Math.min(width - 40, 40 + longest * 16.5);
  const top = CAPTION_BOX_HEIGHT - boxHeight;
  const body = lines
    .map(
      (l, i) =>
        `<text x="${width / 2}" y="${top + 10 + lineHeight * (i + 1) - 10}" text-anchor="middle" font-family="${family}" font-size="29" fill="#fff" stroke="#000" stroke-width="1" paint-order="stroke">${escapeXml(l)}</text>`,
    )
    .join("");
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${CAPTION_BOX_HEIGHT}">` +
    `<rect x="${(width - boxWidth) / 2}" y="${top}" width="${boxWidth}" height="${boxHeight}" rx="10" fill="#000" fill-opacity="0.6"/>${body}</svg>`;
  return new Resvg(svg, { font: textFontOptions() }).render().asPng();
}

/** A poster title band: the title in large type over a dark gradient at the bottom. */
export function titlePng(title: string, width = 1280, height = 720): Buffer {
  const lines = wrapLines(title, 30, 2);
  const family = escapeXml(textFontFamily());
  const size = 64;
  const bottom = height - 60;
  const body = lines
    .map((l, i) => {
      const y = bottom - (lines.length - 1 - i) * (size + 10);
      return `<text x="${width / 2}" y="${y}" text-anchor="middle" font-family="${family}" font-size="${size}" font-weight="bold" fill="#fff" stroke="#000" stroke-width="2" paint-order="stroke">${escapeXml(l)}</text>`;
    })
    .join("");
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.85"/></linearGradient></defs>` +
    `<rect x="0" y="${height * 0.45}" width="${width}" height="${height * 0.55}" fill="url(#fade)"/>${body}</svg>`;
  return new Resvg(svg, { font: textFontOptions() }).render().asPng();
}
