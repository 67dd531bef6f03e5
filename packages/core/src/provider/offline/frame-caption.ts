/**
 * The text layer of an offline frame: a name tag on each named figure. Drawn
 * after the style pass so the text stays crisp in every style.
 */
import { Resvg } from "@resvg/resvg-js";
import { escapeXml, textFontFamily, textFontOptions } from "../../media/fonts";
import { type FigurePlacement, tagCentre } from "./frame-figures";
import type { RawFrame } from "./frame-style";

function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}\u2026`;
}

export interface CaptionLayer {
  svg: string;
  /** The layer covers rows [top, frame height): rendering only those halves the cost. */
  top: number;
}

/**
 * Name tags, each on its own figure (a person's chest, an animal's back), so
 * a tag never floats over the scenery. Frames carry no lower-third: the video
 * dissolves between frames, and two lower-thirds would show at once.
 */
export function captionSvg(figures: FigurePlacement[], size: { width: number; height: number } = { width: 1280, height: 720 }): CaptionLayer {
  const { width: WIDTH, height: HEIGHT } = size;
  const family = escapeXml(textFontFamily());
  const parts: string[] = [];
  let layerTop = HEIGHT - 1;
  for (const f of figures) {
    if (!f.name) continue;
    const name = truncate(f.name.toUpperCase(), 18);
    const w = 20 + name.length * 10;
    const centre = tagCentre(f);
    const top = Math.round(Math.min(HEIGHT - 30, centre.y - 13));
    layerTop = Math.min(layerTop, top);
    parts.push(`<rect x="${centre.x - w / 2}" y="${top}" width="${w}" height="26" rx="13" fill="#000" fill-opacity="0.6"/>`);
    parts.push(
      `<text x="${centre.x}" y="${top + 18}" font-family="${family}" font-size="15" font-weight="bold" fill="#fff" text-anchor="middle">${escapeXml(name)}</text>`,
    );
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
