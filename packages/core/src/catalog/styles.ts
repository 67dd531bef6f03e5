/**
 * The visual styles a render can use (docs/product.md#renders). Browser-safe: the web lists
 * them in the prepare-render screen and the server validates against them.
 */
export const STYLE_IDS = ["cinematic", "noir", "ghibli", "comic", "surreal", "documentary"] as const;

export type StyleId = (typeof STYLE_IDS)[number];

export interface VisualStyle {
  id: StyleId;
  name: string;
  /** Appended to image prompts so a text-to-image model draws in this style. */
  promptFragment: string;
}

export const VISUAL_STYLES: readonly VisualStyle[] = [
  {
    id: "cinematic",
    name: "Cinematic Realism",
    promptFragment:
      "cinematic realism, photorealistic film still, anamorphic widescreen, teal and orange colour grade, shallow depth of field, motivated lighting",
  },
  {
    id: "noir",
    name: "Gritty Noir",
    promptFragment:
      "gritty film noir, high-contrast black and white, hard shadows, venetian-blind light, heavy film grain, dark vignette",
  },
  {
    id: "ghibli",
    name: "Anime (Beta)",
    promptFragment:
      "hand-painted anime background art, soft pastel palette, gentle watercolour light, clean line work, whimsical and warm",
  },
  {
    id: "comic",
    name: "Comic Book (Beta)",
    promptFragment:
      "comic book panel, bold ink outlines, flat saturated colours, halftone dot shading, dynamic composition",
  },
  {
    id: "surreal",
    name: "Surrealism",
    promptFragment:
      "surrealist painting, dreamlike impossible sky, warped perspective, unexpected colours, melting forms, uncanny atmosphere",
  },
  {
    id: "documentary",
    name: "Documentary",
    promptFragment:
      "documentary photograph, natural available light, muted desaturated colours, slight warm sepia cast, candid handheld framing",
  },
];

export const DEFAULT_STYLE: StyleId = "cinematic";

export function isStyleId(value: unknown): value is StyleId {
  return typeof value === "string" && (STYLE_IDS as readonly string[]).includes(value);
}

/** The style with this id; throws on an unknown id (validate input with `isStyleId` first). */
export function getStyle(id: StyleId): VisualStyle {
  const style = VISUAL_STYLES.find((s) => s.id === id);
  if (!style) throw new Error(`Unknown visual style: ${id}`);
  return style;
}

/** A style's display name; unknown ids show as they are, a missing one as "". */
export const styleName = (id: string | null | undefined): string => (id ? (VISUAL_STYLES.find((s) => s.id === id)?.name ?? id) : "");
