/**
 * Scene continuity (docs/decisions.md#offline-storyboards): a scene whose heading says it goes on from the one
 * before (CONTINUOUS, LATER, MOMENTS LATER, SAME, CONT'D), or gives no time at all, happens at the time the
 * scene before it happened, and in its weather unless it has its own. Flashbacks and dreams are marked. Pure and
 * browser-safe.
 */
import type { SceneInfo } from "../screenplay/types";

export interface SceneContinuity {
  /** The time of day the scene happens at: its own, or the one it continues ("night"). */
  timeOfDay?: string;
  /** The scene id it continues, when its heading says so or gives no time. */
  continuesFrom?: string;
  flashback?: boolean;
  dream?: boolean;
  /** `INT./EXT.`: inside and outside at once (a car, a doorway). */
  insideAndOutside?: boolean;
}

/** Heading times that continue the scene before rather than name a time of their own. */
const CONTINUING =
  /^(?:CONTINUOUS(?: ACTION)?|CONTINUING|CONT['’]?D|LATER(?: THAT (?:DAY|NIGHT))?|(?:MOMENTS?|SECONDS?|MINUTES?|A (?:MOMENT|FEW MINUTES|LITTLE)) LATER|SAME(?: TIME)?|SIMULTANEOUS|MEANWHILE|NEXT)$/;
const FLASHBACK = /\bFLASH[\s-]?BACK\b|\bMEMORY\b|\bYEARS EARLIER\b/;
const DREAM = /\b(?:DREAM(?: SEQUENCE)?|NIGHTMARE|FANTASY|HALLUCINATION|VISION)\b/;
/** The heading's own time, without what qualifies it: "NIGHT (FLASHBACK)" and "NIGHT - DREAM" are at night. */
function ownTime(scene: SceneInfo): string | undefined {
  const parts = (scene.timeOfDay ?? "")
    .toUpperCase()
    .replace(/[()[\]–—]/g, " - ")
    .replace(/\s+/g, " ")
    .split(" - ")
    .map((part) => part.trim())
    .filter((part) => part && !CONTINUING.test(part) && !FLASHBACK.test(part) && !DREAM.test(part));
  return parts[0]?.toLowerCase();
}

/** Continuity of every scene, given the scene ids in script order. */
export function sceneContinuity(sceneIds: readonly string[], scenes: Record<string, SceneInfo>): Record<string, SceneContinuity> {
  const result: Record<string, SceneContinuity> = {};
  let previous: { id: string; timeOfDay?: string } | undefined;
  for (const id of sceneIds) {
    const scene = scenes[id];
    if (!scene) continue;
    const heading = scene.heading.toUpperCase();
    const own = ownTime(scene);
    const entry: SceneContinuity = {};
    if (own) entry.timeOfDay = own;
    else if (previous) {
      entry.continuesFrom = previous.id;
      if (previous.timeOfDay) entry.timeOfDay = previous.timeOfDay;
    }
    if (FLASHBACK.test(heading)) entry.flashback = true;
    if (DREAM.test(heading)) entry.dream = true;
    if (scene.interior === "INT/EXT") entry.insideAndOutside = true;
    result[id] = entry;
    previous = { id, timeOfDay: entry.timeOfDay };
  }
  return result;
}
