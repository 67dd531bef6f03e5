/**
 * What a frame shows, decided from the request before anything is drawn:
 * light (time of day), setting kind (from the location words) and the
 * style's drawing palette. Pure data, no rendering.
 */
import type { StyleId } from "../../catalog/styles";
import type { ImageRequest } from "../types";
import { EXTERIOR_WORDS, INTERIOR_WORDS, LIGHT_WORDS } from "./prompt-reading";
import { hashString } from "./random";
import { type ExteriorKind, settingOf, type Setting } from "./frame-settings";

export type Light = "day" | "night" | "dawn" | "dusk" | "golden";

export type InteriorKind = "kitchen" | "office" | "bedroom" | "bar" | "living" | "hospital" | "classroom" | "room";

export interface FrameLayout {
  light: Light;
  interior: boolean;
  exterior: ExteriorKind;
  room: InteriorKind;
  /** The place from the settings library (frame-settings.ts): its ground or shell and what is drawn in it. */
  setting: Setting;
  /** Hash of the location words: picks wall colours, building heights, tree spots. */
  locationHash: number;
}

export function lightOf(timeOfDay: string): Light {
  const words = timeOfDay.toUpperCase();
  for (const [light, pattern] of LIGHT_WORDS) if (pattern.test(words)) return light;
  return "day";
}

export function layoutOf(input: ImageRequest): FrameLayout {
  const scene = input.scene;
  const location = (scene?.location ?? "").toUpperCase();
  const locationHash = hashString(location || input.seed);
  const exterior = EXTERIOR_WORDS.find(([, p]) => p.test(location))?.[0] ?? "open";
  const room = INTERIOR_WORDS.find(([, p]) => p.test(location))?.[0] ?? "room";
  const interior = scene?.interior ?? false;
  return {
    light: lightOf(`${scene?.timeOfDay ?? ""} ${scene?.heading ?? ""}`),
    interior,
    setting: settingOf(location, interior),
    exterior,
    room,
    locationHash,
  };
}

/** How the scene is drawn in a style, before the style's pixel pass. */
export interface DrawPalette {
  /** Extra attributes for every solid shape (outlines for comic, none for photographic styles). */
  outline: string;
  /** Multiplies saturation of the scene colours (0 = grey, 1 = as designed). */
  saturation: number;
  /** Mixes every colour toward white (0 = none). */
  lift: number;
  /** A dreamlike sky and floating shapes instead of the plain sky. */
  uncanny: boolean;
  /** Hard shadow stripes across the frame (venetian blinds). */
  blinds: boolean;
}

export const DRAW_PALETTES: Record<StyleId, DrawPalette> = {
  cinematic: { outline: "", saturation: 1, lift: 0, uncanny: false, blinds: false },
  noir: { outline: "", saturation: 1, lift: 0, uncanny: false, blinds: true },
  ghibli: {
    outline: ` stroke="#3a3f5c" stroke-width="2" stroke-opacity="0.55"`,
    saturation: 1.2,
    lift: 0.12,
    uncanny: false,
    blinds: false,
  },
  comic: { outline: ` stroke="#111" stroke-width="6" stroke-linejoin="round"`, saturation: 1.35, lift: 0, uncanny: false, blinds: false },
  surreal: { outline: "", saturation: 1.2, lift: 0, uncanny: true, blinds: false },
  documentary: { outline: "", saturation: 0.8, lift: 0, uncanny: false, blinds: false },
};

/** Adjust an "#rrggbb" colour by the palette's saturation and lift. */
export function tone(hex: string, palette: DrawPalette): string {
  let r = parseInt(hex.slice(1, 3), 16);
  let g = parseInt(hex.slice(3, 5), 16);
  let b = parseInt(hex.slice(5, 7), 16);
  const grey = 0.299 * r + 0.587 * g + 0.114 * b;
  const s = palette.saturation;
  [r, g, b] = [r, g, b].map((c) => {
    const saturated = grey + (c - grey) * s;
    return Math.round(Math.max(0, Math.min(255, saturated + (255 - saturated) * palette.lift)));
  });
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}
