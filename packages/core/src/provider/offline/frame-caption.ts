/**
 * The text layer of an offline frame: a caption strip with the scene heading
 * and the block kind, and a name tag over each figure. Drawn after the style
 * pass so the text stays crisp in every style.
 */
import { Resvg } from "@resvg/resvg-js";
import { escapeXml, textFontFamily, textFontOptions } from "../../media/fonts";
import type { FigurePlacement } from "./frame-figures";
import { HEIGHT, WIDTH } from "./frame-scene";
import type { RawFrame } from "./frame-style";

const STRIP = 58;

function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}\u2026`;
}

export interface CaptionLayer {
  svg: string;
  /** The layer covers rows [top, HEIGHT): rendering only those halves the cost. */
  top: number;
}

export function captionSvg(heading: string, label: string, figures: FigurePlacement[]): CaptionLayer {
  const family = escapeXml(textFontFamily());
  const y = HEIGHT - STRIP;
  const parts = [
    `<rect x="0" y="${y}" width="${WIDTH}" height="${STRIP}" fill="#000" fill-opacity="0.62"/>`,
    `<text x="76" y="${y + 38}" font-family="${family}" font-size="26" font-weight="bold" fill="#fff">${escapeXml(truncate(heading, 54))}</text>`,
    `<text x="${WIDTH - 76}" y="${y + 36}" font-family="${family}" font-size="18" fill="#d8d8d8" text-anchor="end">${escapeXml(truncate(label, 32))}</text>`,
  ];
  let layerTop = y;
  for (const f of figures) {
    const name = truncate(f.name.toUpperCase(), 18);
    const w = 20 + name.length * 10;
    const top = Math.max(100, f.baseY - f.height - 40);
    layerTop = Math.min(layerTop, Math.floor(top));
    parts.push(`<rect x="${f.x - w / 2}" y="${top}" width="${w}" height="26" rx="13" fill="#000" fill-opacity="0.55"/>`);
    parts.push(`<text x="${f.x}" y="${top + 18}" font-family="${family}" font-size="15" font-weight="bold" fill="#fff" text-anchor="middle">${escapeXml(name)}</text>`);
  }
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT - layerTop}"><g transform="translate(0 ${-layerTop})">${parts.join("")}</g></svg>`,
    top: layerTop,
  };
}

/** Draws the caption layer over the frame (source-over alpha blending). */
export function drawCaption(frame: RawFrame, { svg, top }: CaptionLayer): void {
  const layer = new Resvg(svg, { font: textFontOptions() }).render().pixels;
  const { data } = frame;
  const offset = top * frame.width * 4;
  for (let j = 0; j < layer.length; j += 4) {
    const a = layer[j + 3];
    if (a === 0) continue;
    const k = a / 255;
    const i = offset + j;
    // resvg's pixels are premultiplied by alpha.
    data[i] = data[i] * (1 - k) + layer[j];
    data[i + 1] = data[i + 1] * (1 - k) + layer[j + 1];
    data[i + 2] = data[i + 2] * (1 - k) + layer[j + 2];
  }
}
