/**
 * Props in a close framing (docs/decisions.md#title-cards-and-shots-within-a-scene):
 * a medium or close shot moves the camera onto a figure, and the props drawn
 * on the set's ground (a cup, the room's lamp) fall out of frame. The props the
 * block names are then drawn again in the frame's lower corners, beside the
 * figure, at a size that follows the shot's scale: a lamp lit or dead, a door
 * open or closed, what the block says is held or drunk.
 */
import type { StageWindow } from "../../catalog/aspects";
import { standingLamp } from "./frame-elements-indoor";
import { object, type Tone } from "./frame-things";
import type { ObjectKind } from "./prompt-reading";

/** What a close framing's corners show: the block's objects, its lamp and its door, each with its state. */
export interface Foreground {
  objects: ObjectKind[];
  lamp?: "lit" | "dead";
  door?: "open" | "closed";
}

/** The ground line objects stand on (frame-things.ts object) and the floor a lamp stands on (frame-elements-indoor.ts). */
const OBJECT_GROUND = 600;
const LAMP_FLOOR = 530;

/** A door, open (a dark doorway, the door swung in) or closed, its foot at (x, floor). */
function door(x: number, floor: number, state: "open" | "closed", t: Tone, o: string): string {
  const frame = `<rect x="${x - 70}" y="${floor - 300}" width="140" height="300" fill="${t(state === "open" ? "#1a1512" : "#7b5231")}"${o}/>`;
  if (state === "closed") return `${frame}<circle cx="${x + 45}" cy="${floor - 140}" r="7" fill="${t("#d9b72b")}"/>`;
  return `${frame}<path d="M${x - 70} ${floor - 300} L${x - 20} ${floor - 280} L${x - 20} ${floor - 15} L${x - 70} ${floor} Z" fill="${t("#8d6a44")}"${o}/>`;
}

/**
 * The props of a close framing, as SVG over the window `view` (stage coordinates), after the camera.
 * `scale` is the camera's zoom: the props grow with it, within bounds, so a close-up's cup is a close-up's cup.
 */
export function foregroundSvg(fg: Foreground, view: Pick<StageWindow, "x" | "y" | "width" | "height">, scale: number, t: Tone, o: string): string {
  const k = Math.min(2.4, Math.max(1.2, scale * 0.5));
  const bottom = view.y + view.height + 12;
  const corners = [view.x + view.width * 0.14, view.x + view.width * 0.86, view.x + view.width * 0.3];
  const parts: string[] = [];
  const at = (x: number, groundY: number, svg: string) =>
    parts.push(`<g transform="translate(${x.toFixed(1)} ${bottom.toFixed(1)}) scale(${k.toFixed(2)}) translate(${-x} ${-groundY})">${svg}</g>`);
  let slot = 0;
  if (fg.lamp) {
    const x = corners[slot++];
    at(x, LAMP_FLOOR, standingLamp(x - 21, { t, o, lampLit: fg.lamp === "lit" }));
  }
  if (fg.door) {
    const x = corners[slot++];
    at(x, 560, door(x, 560, fg.door, t, o));
  }
  for (const kind of fg.objects) {
    if (slot >= corners.length) break;
    const x = corners[slot++];
    at(x, OBJECT_GROUND, object(kind, x, t, o));
  }
  return parts.join("");
}
