/**
 * The offline image provider: a storyboard frame per block, drawn
 * from what its prompt and scene say (frame-subjects.ts: setting, time of day,
 * weather, the people and animals present, key objects) as SVG on a 1280x720
 * stage, of which the render's aspect shows a window (catalog/aspects.ts
 * stageWindow), rasterised with resvg, given the style's pixel pass, then
 * name-tagged. Same request, same bytes.
 */
import { isMainThread } from "node:worker_threads";
import { Resvg, renderAsync } from "@resvg/resvg-js";
import sharp from "sharp";
import { getAspect, stageWindow, type StageWindow } from "../../catalog/aspects";
import type { GeneratedImage, ImageProvider, ImageRequest } from "../types";
import { drawCaption, captionSvg } from "./frame-caption";
import { figures, placeFigures } from "./frame-figures";
import { DRAW_PALETTES, tone } from "./frame-palette";
import { WIDTH, exterior, interior } from "./frame-scene";
import { frameShot, insertSurface } from "./frame-shot";
import { applyStyle, type RawFrame } from "./frame-style";
import { readFrame, type FrameReading } from "./frame-subjects";
import { object, skyShade, snowCover, weather } from "./frame-things";
import { hashString, seededRandom } from "./random";
import { viewMaskSvg } from "./frame-view-mask";
import { foregroundSvg } from "./frame-foreground";
import { TITLE_CARD, titleCardPlate, titleCardText } from "./frame-title-card";

export interface OfflineImageOptions {
  /** JPEG (default) is ~10x faster to encode than PNG for grainy frames and far smaller. */
  format?: "jpeg" | "png";
  quality?: number;
}

/** Venetian-blind shadows for noir frames. */
function blinds(): string {
  const bars = [];
  for (let i = 0; i < 9; i++)
    bars.push(`<path d="M${-200 + i * 190} 0 L${-60 + i * 190} 0 L${300 + i * 190} 720 L${160 + i * 190} 720 Z"/>`);
  return `<g fill="#000" fill-opacity="0.28">${bars.join("")}</g>`;
}

/** Spots on the ground for objects, away from where figures stand. */
function objectSpots(count: number, taken: number[]): number[] {
  // Inside the pan's 6 % margin, so an object is never cut by the frame edge in the video.
  const spots = [230, 1050, 440, 840, 640];
  return spots
    .filter((x) => taken.every((t) => Math.abs(t - x) > 150))
    .concat(spots)
    .slice(0, count);
}

/** The stage window of this request's aspect, centred on where its figures stand. */
function windowOf(input: ImageRequest, reading: FrameReading): StageWindow {
  const aspect = getAspect(input.aspect);
  const shot = frameShot(input.shot, reading.subjects, placeFigures(reading.subjects, input.blockType === "dialogue"), reading.layout.interior);
  const xs = shot.inFrame.map((p) => p.x);
  return stageWindow(aspect, xs.length ? (Math.min(...xs) + Math.max(...xs)) / 2 : undefined);
}

/** The frame without text, as SVG: the stage window `view` (default: the request's aspect) at scale 1. */
export function sceneSvg(input: ImageRequest, reading: FrameReading = readFrame(input), view: StageWindow = windowOf(input, reading)): string {
  const { layout, subjects, objects, weather: sky } = reading;
  const palette = DRAW_PALETTES[input.style];
  const random = seededRandom(`${input.seed}|${input.scene?.location ?? ""}`);
  // Indoors, the weather is seen through the windows; outdoors, over the whole frame.
  const throughWindow = sky ? (x: number, y: number, w: number, h: number) => weather(sky, random, { x, y, w, h }) : undefined;
  const prop = (kind: "lamp" | "door") => reading.props.find((p) => p.kind === kind)?.state;
  const ctx = {
    layout,
    palette,
    random,
    throughWindow,
    overcast: sky === "rain" || sky === "storm",
    wind: reading.wind,
    lamp: prop("lamp") as "lit" | "dead" | undefined,
    door: prop("door") as "open" | "closed" | undefined,
  };
  const shot = frameShot(input.shot, subjects, placeFigures(subjects, input.blockType === "dialogue"), layout.interior);
  const t = (c: string) => tone(c, palette);
  // An insert shows its first object alone, in the middle; a close framing shows the props the block names beside the figure.
  const close = !shot.insert && shot.scale > 1;
  const shown = shot.insert ? objects.slice(0, 1) : close ? [] : objects;
  const spots = shot.insert ? [WIDTH / 2] : objectSpots(shown.length, shot.placements.map((p) => p.x));
  const backdrop = (layout.interior ? interior(ctx) : exterior(ctx)) + (sky && !layout.interior ? skyShade(sky) : "");
  const scene = [
    shot.backdrop ? `<g transform="${shot.backdrop}">${backdrop}</g>` : backdrop,
    sky === "snow" && !layout.interior ? snowCover() : "",
    shot.insert ? insertSurface(t, palette.outline, !shown.length) : "",
    shown.map((kind, i) => object(kind, spots[i], t, palette.outline)).join(""),
    figures(
      shot.placements,
      shot.keep.map((i) => subjects[i]),
      palette,
    ),
  ].join("");
  const body = [
    shot.camera ? `<g transform="${shot.camera}">${scene}</g>` : scene,
    close ? foregroundSvg({ objects, lamp: ctx.lamp, door: ctx.door }, view, shot.scale, t, palette.outline) : "",
    shot.shoulder && shot.shoulderOf !== undefined ? figures([shot.shoulder], [subjects[shot.shoulderOf]], palette) : "",
    // Outdoors only: rain across the walls of a room would read as a glitch (indoors it is in the windows).
    sky && !layout.interior ? weather(sky, random) : "",
    palette.blinds ? blinds() : "",
    // A point of view through a scope, binoculars or a keyhole: the place, seen through its opening.
    reading.mask ? viewMaskSvg(reading.mask, view) : "",
  ].join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${view.width}" height="${view.height}" viewBox="${view.x} ${view.y} ${view.width} ${view.height}">${body}</svg>`;
}

/** The drawn window with the rows a taller frame adds above and below it, each a copy of the stage's edge row. */
function padded(drawn: Uint8Array, view: StageWindow): RawFrame {
  const frame = { width: view.width, height: view.height + view.padTop + view.padBottom };
  if (!view.padTop && !view.padBottom) return { data: drawn, ...frame };
  const row = view.width * 4;
  const data = new Uint8Array(frame.width * frame.height * 4);
  data.set(drawn, view.padTop * row);
  for (let y = 0; y < view.padTop; y++) data.copyWithin(y * row, view.padTop * row, (view.padTop + 1) * row);
  const last = (view.padTop + view.height - 1) * row;
  for (let y = view.padTop + view.height; y < frame.height; y++) data.copyWithin(y * row, last, last + row);
  return { data, ...frame };
}

export class OfflineImageProvider implements ImageProvider {
  private readonly format: "jpeg" | "png";
  private readonly quality: number;

  constructor(options: OfflineImageOptions = {}) {
    this.format = options.format ?? "jpeg";
    this.quality = options.quality ?? 88;
  }

  async generate(input: ImageRequest): Promise<GeneratedImage> {
    const frame = input.blockType === TITLE_CARD ? await this.titleCard(input) : await this.scene(input);
    const { width, height } = frame;
    const image = sharp(frame.data, { raw: { width, height, channels: 4 } }).removeAlpha();
    const bytes =
      this.format === "png"
        ? await image.png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer()
        : await image.jpeg({ quality: this.quality, mozjpeg: false, chromaSubsampling: "4:2:0" }).toBuffer();
    return {
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
      contentType: this.format === "png" ? "image/png" : "image/jpeg",
      width,
      height,
    };
  }

  /** A centred block: its words on a plate, no people and no place (frame-title-card.ts). */
  private async titleCard(input: ImageRequest): Promise<RawFrame> {
    const view = stageWindow(getAspect(input.aspect), undefined);
    const size = { width: view.width, height: view.height + view.padTop + view.padBottom };
    const { pixels } = new Resvg(titleCardPlate(input.style, size), { font: { loadSystemFonts: false } }).render();
    const frame = { data: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.length), ...size };
    await applyStyle(frame, input.style, hashString(input.seed));
    drawCaption(frame, titleCardText(input.text, input.style, size));
    return frame;
  }

  private async scene(input: ImageRequest): Promise<RawFrame> {
    const reading = readFrame(input);
    // On the main thread (the command line, an on-demand image) on libuv's thread pool, so the main thread
    // meanwhile makes speech or answers requests. In a media worker thread (npm start) right there: that
    // thread runs below the API's priority, libuv's pool would not (docs/decisions.md#scale).
    const view = windowOf(input, reading);
    const svg = sceneSvg(input, reading, view);
    const options = { font: { loadSystemFonts: false } };
    const { pixels } = isMainThread ? await renderAsync(svg, options) : new Resvg(svg, options).render();
    const frame = padded(new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.length), view);
    await applyStyle(frame, input.style, hashString(input.seed));
    const shot = frameShot(input.shot, reading.subjects, placeFigures(reading.subjects, input.blockType === "dialogue"), reading.layout.interior);
    // Name tags in frame pixels: the stage moved by the window's corner and the rows added above it.
    const tags = shot.inFrame.map((p) => ({ ...p, x: p.x - view.x, baseY: p.baseY - view.y + view.padTop }));
    drawCaption(frame, captionSvg(tags, frame));
    return frame;
  }
}
