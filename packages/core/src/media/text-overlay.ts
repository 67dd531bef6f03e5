/**
 * Text drawn into videos and posters as transparent PNGs rendered with resvg:
 * ffmpeg overlays them, which costs a fraction of its drawtext filter.
 */
import { Resvg } from "@resvg/resvg-js";
import { CAPTION_LINES, captionLineChars } from "./captions";
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
    kept[maxLines - 1] = `${kept[maxLines - 1].replace(/(?<![\s.,;:!?-])[\s.,;:!?-]*$/, "").slice(0, maxChars - 1)}\u2026`;
    return kept;
  }
  return lines.map((l) => (l.length > maxChars ? `${l.slice(0, maxChars - 1)}\u2026` : l));
}

/**
 * A subtitle (one part of a clip's caption, captions.ts): up to two centred lines on a translucent box,
 * `width` wide and CAPTION_BOX_HEIGHT tall (overlay it at the bottom, above
 * the frame's own caption strip).
 */
export function captionPng(text: string, width = 1280): Buffer {
  const lines = wrapLines(text, captionLineChars(width), CAPTION_LINES);
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

/**
 * The poster's title card, composited over the key frame: the frame dimmed
 * and darker towards the edges, the title large in the middle, a short rule
 * and a "STORYBOARD" line under it. Nothing else from the frame's text layer
 * reaches the poster (frames carry no lower-third).
 */
export function titlePng(title: string, width = 1280, height = 720): Buffer {
  // A narrow (upright) poster gets shorter lines in smaller type, so the title stays inside it.
  const narrow = width < 1000;
  const lines = wrapLines(title, narrow ? 18 : 28, 3);
  const family = escapeXml(textFontFamily());
  const size = (lines.length > 2 ? 58 : 70) * (narrow ? 0.8 : 1);
  const gap = size + 12;
  const top = height / 2 - ((lines.length - 1) * gap) / 2;
  const body = lines
    .map(
      (l, i) =>
        `<text x="${width / 2}" y="${top + i * gap}" text-anchor="middle" dominant-baseline="middle" font-family="${family}" font-size="${size}" font-weight="bold" fill="#fff" stroke="#000" stroke-opacity="0.5" stroke-width="2" paint-order="stroke">${escapeXml(l)}</text>`,
    )
    .join("");
  const ruleY = top + (lines.length - 1) * gap + size * 0.75;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><radialGradient id="vignette" cx="50%" cy="50%" r="75%"><stop offset="0.35" stop-color="#000" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0.8"/></radialGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#vignette)"/>${body}` +
    `<rect x="${width / 2 - 60}" y="${ruleY}" width="120" height="3" fill="#fff" fill-opacity="0.8"/>` +
    `<text x="${width / 2}" y="${ruleY + 40}" text-anchor="middle" font-family="${family}" font-size="22" letter-spacing="6" fill="#e8e8e8">STORYBOARD</text></svg>`;
  return new Resvg(svg, { font: textFontOptions() }).render().asPng();
}
