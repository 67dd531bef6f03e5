/**
 * The frame aspects a render can choose (docs/decisions.md#aspect-ratios). Browser-safe: the
 * prepare-render screen lists them, the server validates against them, and the frames, the
 * video, the poster and the captions take their sizes from here.
 */
import { getStyle, type StyleId } from "./styles";

export const ASPECT_IDS = ["16:9", "2.39:1", "1.85:1", "1:1", "4:5", "9:16"] as const;
export type AspectId = (typeof ASPECT_IDS)[number];
export const DEFAULT_ASPECT: AspectId = "16:9";

export interface Aspect {
  id: AspectId;
  /** What the prepare-render screen says about it. */
  name: string;
  /** Width over height. */
  ratio: number;
  /** Frame and video size in pixels: at most 1280 a side and 1280x720's pixel count (a render of any aspect costs about the same), edges even (H.264 4:2:0). */
  width: number;
  height: number;
}

export const ASPECTS: readonly Aspect[] = [
  { id: "16:9", name: "16:9 widescreen", ratio: 16 / 9, width: 1280, height: 720 },
  { id: "2.39:1", name: "2.39:1 scope", ratio: 2.39, width: 1280, height: 536 },
  { id: "1.85:1", name: "1.85:1 flat", ratio: 1.85, width: 1280, height: 692 },
  { id: "1:1", name: "1:1 square", ratio: 1, width: 720, height: 720 },
  { id: "4:5", name: "4:5 portrait (feeds)", ratio: 4 / 5, width: 720, height: 900 },
  { id: "9:16", name: "9:16 vertical (phones)", ratio: 9 / 16, width: 720, height: 1280 },
];

export function isAspectId(value: unknown): value is AspectId {
  return typeof value === "string" && (ASPECT_IDS as readonly string[]).includes(value);
}

/** The aspect with this id; renders made before aspects existed (no id) are 16:9. */
export function getAspect(id: string | null | undefined): Aspect {
  return ASPECTS.find((a) => a.id === id) ?? ASPECTS[0];
}

/** Taller than wide, or square: phones and feeds, where the captions sit higher (`captionTop`). */
export const isUpright = (size: { width: number; height: number }) => size.width <= size.height;

/**
 * The aspects each style can draw. Cinematic Realism is anamorphic widescreen by definition
 * (its frames carry 2.39:1 letterbox bars, its prompts ask for widescreen), so it draws the
 * cinema aspects only; a square or vertical frame would be a thin strip between bars.
 */
const STYLE_ASPECTS: Partial<Record<StyleId, readonly AspectId[]>> = {
  cinematic: ["16:9", "2.39:1", "1.85:1"],
};

export function styleAspects(style: StyleId): readonly AspectId[] {
  return STYLE_ASPECTS[style] ?? ASPECT_IDS;
}

/** Why `style` cannot be drawn at `aspect`, or undefined when it can. */
export function aspectRefusal(style: StyleId, aspect: AspectId): string | undefined {
  const allowed = styleAspects(style);
  if (allowed.includes(aspect)) return undefined;
  return `${getStyle(style).name} is drawn in widescreen only (${allowed.join(", ")}), so it cannot make a ${aspect} render. Choose one of those aspects or another style.`;
}

/** Where the top of the caption box sits: above the bottom edge in widescreen, above a phone app's controls when upright. */
export function captionTop(size: { width: number; height: number }, boxHeight: number): number {
  // Phone apps lay their buttons and text over the lowest fifth of a vertical video.
  const bottom = isUpright(size) ? Math.round(size.height * 0.78) : size.height - 70;
  return bottom - boxHeight;
}

/**
 * The part of the offline drawing's 1280x720 stage a frame shows, in stage units, drawn at
 * scale 1 (the frame's pixels). Wider than 16:9: the full width, cropped top and bottom around
 * the figures' band. Narrower: a 720-wide window centred on `centreX` (the figures' middle),
 * and when the frame is taller than the stage the rest is `padTop`/`padBottom` rows filled
 * from the stage's own top and bottom rows (sky, ceiling, floor).
 */
export interface StageWindow {
  x: number;
  y: number;
  width: number;
  height: number;
  padTop: number;
  padBottom: number;
}

export const STAGE = { width: 1280, height: 720 };

export function stageWindow(aspect: Aspect, centreX = STAGE.width / 2): StageWindow {
  if (aspect.width >= STAGE.width) {
    // The figures stand between about 40 % and 97 % of the stage's height: keep the lower part, feet and all.
    const y = Math.round((STAGE.height - aspect.height) * 0.85);
    return { x: 0, y, width: STAGE.width, height: aspect.height, padTop: 0, padBottom: 0 };
  }
  const width = aspect.width;
  const x = Math.round(Math.min(STAGE.width - width, Math.max(0, centreX - width / 2)));
  const height = Math.min(STAGE.height, aspect.height);
  const pad = aspect.height - height;
  return { x, y: 0, width, height, padTop: Math.floor(pad / 2), padBottom: pad - Math.floor(pad / 2) };
}
