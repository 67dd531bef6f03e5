import type { CharacterDictionary, SceneDictionary, SceneInfo } from "../screenplay/types";
import type { SceneContinuity } from "./continuity";

/** The scenes as the describe phase leaves them: each with its description and continuity (the time a CONTINUOUS scene happens at, flashbacks, dreams). */
export type DescribedScenes = Record<string, SceneInfo & { description?: string; continuity?: SceneContinuity }>;

/** What a render keeps of its screenplay when it is made (create.ts), filled in by the describe phase. */
export interface ScreenplaySnapshot {
  title?: string;
  writer?: string;
  pageCount?: number;
  characterDictionary: CharacterDictionary;
  sceneDictionary: SceneDictionary & DescribedScenes;
}

/** A render job's snapshot of its screenplay; a field a render was made without reads as empty. */
export function screenplaySnapshotOf(job: { screenplaySnapshot?: unknown }): ScreenplaySnapshot {
  const stored = (job.screenplaySnapshot ?? {}) as Partial<ScreenplaySnapshot>;
  return { ...stored, characterDictionary: stored.characterDictionary ?? {}, sceneDictionary: stored.sceneDictionary ?? {} };
}
