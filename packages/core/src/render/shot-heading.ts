/**
 * A heading that is a shot within a scene, not a new scene
 * (docs/decisions.md#title-cards-and-shots-within-a-scene): 'SNIPER SCOPE POV',
 * 'INSERT - THE LETTER', 'CLOSE ON THE DOOR'. Its frames are drawn in the
 * place, time and weather of the scene it sits in.
 */
import type { DescribedScenes } from "./screenplay-snapshot";

/** A heading that names a shot, not a place: no INT./EXT. and a camera word ('SNIPER SCOPE POV', 'INSERT - THE LETTER'). */
const SHOT_HEADING = /\b(POV|POINT OF VIEW|INSERT|CLOSE ON|CLOSE[- ]?UP|ANGLE ON|REVERSE ANGLE|WIDE ON|BACK TO SCENE)\b/i;

export const isShotHeading = (scene: { heading: string; interior?: string | null }) => !scene.interior && SHOT_HEADING.test(scene.heading);

/**
 * The scene whose place a block is drawn in: its own, or, under a heading that is a shot, the scene that shot
 * sits in (the last real heading before it), whose place, time and weather it continues.
 */
export function placeScene(sceneId: string | null | undefined, scenes: DescribedScenes | undefined) {
  const own = sceneId ? scenes?.[sceneId] : undefined;
  if (!own || !scenes || !isShotHeading(own)) return own;
  // Scene ids are their heading blocks' ids, in script order.
  const before = Object.keys(scenes)
    .filter((id) => id.localeCompare(sceneId!, "en", { numeric: true }) < 0)
    .sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  const host = before.reverse().find((id) => !isShotHeading(scenes[id]));
  return host ? scenes[host] : own;
}
