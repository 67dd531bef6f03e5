import { getAspect } from "../catalog/aspects";
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

/** What the storyboard PDF and shot list print of a render (its title page and panels): PackageRender's and a new layout's alike. */
export function boardFactsOf(job: {
  title: string;
  style: string;
  createdAt: string;
  screenplayVersion?: number;
  aspect?: string;
  screenplaySnapshot?: unknown;
}) {
  const snapshot = screenplaySnapshotOf(job);
  return {
    title: job.title,
    writer: snapshot.writer,
    style: job.style,
    createdAt: job.createdAt,
    screenplayVersion: job.screenplayVersion,
    aspect: getAspect(job.aspect),
    characterDictionary: snapshot.characterDictionary,
  };
}
