/**
 * A point of view seen through something (docs/decisions.md#title-cards-and-shots-within-a-scene):
 * a scope, binoculars or a keyhole. The continued place is drawn as usual and
 * this mask is laid over it: black around the opening, the opening on the
 * middle of the frame.
 */
import type { StageWindow } from "../../catalog/aspects";

export type ViewMask = "scope" | "binoculars" | "keyhole";

/** The frame is someone's point of view, or the moment looks through something. */
const POINT_OF_VIEW = /\bPOV\b|\bpoint of view\b|\b(through|into|down) (the|a|an|his|her|their|my|its) /i;
const MASKS: [ViewMask, RegExp][] = [
  ["binoculars", /\b(binoculars?|field glasses)\b/i],
  ["keyhole", /\bkey ?holes?\b/i],
  ["scope", /\b(scope|rifle ?sight|gun ?sight|cross-?hairs?|telescope|periscope|spyglass)\b/i],
];

/** The mask a frame is seen through, from its heading and moment ("SNIPER SCOPE POV"); none unless a point of view is said. */
export function viewMaskOf(text: string): ViewMask | undefined {
  if (!POINT_OF_VIEW.test(text)) return undefined;
  return MASKS.find(([, pattern]) => pattern.test(text))?.[0];
}

/** The mask over the window `view` (stage coordinates), as SVG. */
export function viewMaskSvg(mask: ViewMask, view: Pick<StageWindow, "x" | "y" | "width" | "height">): string {
  const cx = view.x + view.width / 2;
  const cy = view.y + view.height / 2;
  const r = Math.min(view.width, view.height) * 0.42;
  const openings =
    mask === "binoculars"
      ? `<circle cx="${cx - r * 0.62}" cy="${cy}" r="${r * 0.78}"/><circle cx="${cx + r * 0.62}" cy="${cy}" r="${r * 0.78}"/>`
      : mask === "keyhole"
        ? `<circle cx="${cx}" cy="${cy - r * 0.35}" r="${r * 0.42}"/><path d="M${cx - r * 0.18} ${cy - r * 0.1} L${cx - r * 0.42} ${cy + r * 0.95} L${cx + r * 0.42} ${cy + r * 0.95} L${cx + r * 0.18} ${cy - r * 0.1} Z"/>`
        : `<circle cx="${cx}" cy="${cy}" r="${r}"/>`;
  // A scope's cross-hairs and a soft dark rim inside the opening.
  const hairs =
    mask === "scope"
      ? `<g stroke="#000" stroke-opacity="0.85" stroke-width="2"><line x1="${cx - r}" y1="${cy}" x2="${cx + r}" y2="${cy}"/><line x1="${cx}" y1="${cy - r}" x2="${cx}" y2="${cy + r}"/></g>` +
        `<circle cx="${cx}" cy="${cy}" r="${r - 6}" fill="none" stroke="#000" stroke-opacity="0.5" stroke-width="12"/>`
      : "";
  return (
    `<mask id="view-mask" maskUnits="userSpaceOnUse" x="${view.x}" y="${view.y}" width="${view.width}" height="${view.height}">` +
    `<rect x="${view.x}" y="${view.y}" width="${view.width}" height="${view.height}" fill="#fff"/><g fill="#000">${openings}</g></mask>` +
    `<rect x="${view.x}" y="${view.y}" width="${view.width}" height="${view.height}" fill="#050505" mask="url(#view-mask)"/>${hairs}`
  );
}
