import type { RenderBlock } from "../api/renders";

/**
 * The review steps of a render that reuses an earlier one show what is new or
 * changed in this draft first (docs/decisions.md#incremental-compile): the rest
 * was reviewed before, and its images and lines are copied as they were.
 */
export interface ChangedFirst<T> {
  /** What to list: only the changed items, or all of them (changed first) once the writer asks. */
  shown: T[];
  changed: number;
  total: number;
  /** True when some, not all, items changed: then 'Show all' has something to add. */
  canShowAll: boolean;
}

export function changedFirst<T>(items: T[], isChanged: (item: T) => boolean, showAll: boolean): ChangedFirst<T> {
  const changed = items.filter(isChanged);
  const canShowAll = changed.length > 0 && changed.length < items.length;
  const shown = !canShowAll ? items : showAll ? [...changed, ...items.filter((i) => !isChanged(i))] : changed;
  return { shown, changed: changed.length, total: items.length, canShowAll };
}

/** The scenes and speakers of the changed blocks: the descriptions worth a look in a revised draft. */
export function changedScenesAndCharacters(blocks: RenderBlock[]) {
  const changed = blocks.filter((b) => b.changed);
  return {
    scenes: new Set(changed.map((b) => b.sceneId).filter((id): id is string => Boolean(id))),
    characters: new Set(changed.map((b) => b.character).filter((name): name is string => Boolean(name))),
  };
}
