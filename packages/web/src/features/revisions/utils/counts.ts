import type { SceneState } from "@storyboard/core/revision/schema";
import { formatCount } from "../../../lib/numbers";

const ORDER: SceneState[] = ["changed", "added", "removed", "moved", "unchanged"];

/** '3 scenes changed, 1 added, 112 unchanged': the states there are, the first with its noun. */
export function countsSentence(counts: Record<SceneState, number>): string {
  const parts = ORDER.filter((state) => counts[state] > 0).map((state) => ({ state, n: counts[state] }));
  if (!parts.length) return "No scenes";
  return parts
    .map(({ state, n }, i) =>
      i === 0 ? `${formatCount(n)} ${n === 1 ? "scene" : "scenes"} ${state}` : `${formatCount(n)} ${state}`,
    )
    .join(", ");
}
