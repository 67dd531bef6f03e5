/**
 * The offline image provider: a 1280x720 storyboard frame per block, drawn
 * from its scene (sky by time of day, interior or exterior setting, the
 * characters present) as SVG, rasterised with resvg, given the style's pixel
 * pass, then captioned. Same request, same bytes.
 */
import { Resvg } from "@resvg/resvg-js";
import sharp from "sharp";
import type { GeneratedImage, ImageProvider, ImageRequest } from "../types";
import { drawCaption, captionSvg } from "./frame-caption";
import { figures, placeFigures } from "./frame-figures";
import { DRAW_PALETTES, layoutOf } from "./frame-palette";
import { HEIGHT, WIDTH, exterior, interior } from "./frame-scene";
import { applyStyle, type RawFrame } from "./frame-style";
import { hashString, seededRandom } from "./random";

export interface OfflineImageOptions {
  /** JPEG (default) is ~10x faster to encode than PNG for grainy frames and far smaller. */
  format?: "jpeg" | "png";
  quality?: number;
}

/** Venetian-blind shadows for noir frames. */
function blinds(): string {
  const bars = [];
  for (let i = 0; i < 9; i++) bars.push(`<path d="M${-200 + i * 190} 0 L${-60 + i * 190} 0 L${300 + i * 190} 720 L${160 + i * 190} 720 Z"/>`);
  return `<g fill="#000" fill-opacity="0.28">${bars.join("")}</g>`;
}

/** The frame without text, as SVG. */
export function sceneSvg(input: ImageRequest): string {
  const layout = layoutOf(input);
  const palette = DRAW_PALETTES[input.style];
  const random = seededRandom(`${input.seed}|${input.scene?.location ?? ""}`);
  const ctx = { layout, palette, random };
  const speakerFirst = input.blockType === "dialogue";
  const placements = placeFigures(input.characters, speakerFirst);
  const body = [
    layout.interior ? interior(ctx) : exterior(ctx),
    figures(
      placements,
      input.characters.map((c) => c.gender),
      palette,
    ),
    palette.blinds ? blinds() : "",
  ].join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${body}</svg>`;
}

function captionOf(input: ImageRequest): { heading: string; label: string } {
  const kind = input.blockType.replace(/[_-]+/g, " ").toUpperCase();
  const speaker = input.blockType === "dialogue" ? input.characters[0]?.name : undefined;
  const heading = input.scene?.heading?.trim() || input.scene?.location?.trim() || kind;
  return { heading: heading.toUpperCase(), label: speaker ? `${kind} \u00b7 ${speaker.toUpperCase()}` : kind };
}

export class OfflineImageProvider implements ImageProvider {
  private readonly format: "jpeg" | "png";
  private readonly quality: number;

  constructor(options: OfflineImageOptions = {}) {
    this.format = options.format ?? "jpeg";
    this.quality = options.quality ?? 88;
  }

  async generate(input: ImageRequest): Promise<GeneratedImage> {
    const pixels = new Resvg(sceneSvg(input), { font: { loadSystemFonts: false } }).render().pixels;
    const frame: RawFrame = { data: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.length), width: WIDTH, height: HEIGHT };
    await applyStyle(frame, input.style, hashString(input.seed));
    const { heading, label } = captionOf(input);
    drawCaption(frame, captionSvg(heading, label, placeFigures(input.characters, input.blockType === "dialogue")));
    const image = sharp(frame.data, { raw: { width: WIDTH, height: HEIGHT, channels: 4 } }).removeAlpha();
    const bytes =
      this.format === "png"
        ? await image.png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer()
        : await image.jpeg({ quality: this.quality, mozjpeg: false, chromaSubsampling: "4:2:0" }).toBuffer();
    return {
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
      contentType: this.format === "png" ? "image/png" : "image/jpeg",
      width: WIDTH,
      height: HEIGHT,
    };
  }
}
