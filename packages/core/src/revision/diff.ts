import { diffArrays, diffWords } from "diff";
import type { Block } from "../screenplay/types";
import type { BlockChange, DraftDiff, SceneChange, SceneState, WordChange } from "./schema";

/**
 * What changed between two drafts (docs/decisions.md#revised-drafts). Scenes
 * are matched by content, not position: first the scenes whose text is
 * identical, then the most similar of the rest (a word overlap of at least
 * MIN_SIMILARITY). A matched scene off the longest run kept in order is
 * "moved"; so an inserted scene marks only itself. Inside a changed scene the
 * blocks are aligned with the `diff` library and the words of a changed block
 * are diffed word by word.
 */
export const MIN_SIMILARITY = 0.5;

interface Scene {
  heading: string;
  blocks: Block[];
  key: string;
  words: Map<string, number>;
}

const normalise = (text: string) => text.replace(/\s+/g, " ").trim();
export const blockKey = (b: Pick<Block, "type" | "text" | "character">) => `${b.type}|${b.character ?? ""}|${normalise(b.text)}`;

function wordBag(blocks: Block[]) {
  const bag = new Map<string, number>();
  for (const b of blocks) {
    for (const w of `${b.character ?? ""} ${b.text}`.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []) bag.set(w, (bag.get(w) ?? 0) + 1);
  }
  return bag;
}

/** Blocks before the first heading form a scene of their own, with an empty heading. */
export function splitScenes(blocks: Block[]): Scene[] {
  const scenes: { heading: string; blocks: Block[] }[] = [];
  for (const b of blocks) {
    if (b.type === "scene_heading" || scenes.length === 0)
      scenes.push({ heading: b.type === "scene_heading" ? normalise(b.text) : "", blocks: [] });
    scenes[scenes.length - 1].blocks.push(b);
  }
  return scenes.map((s) => ({ ...s, key: s.blocks.map(blockKey).join("\n"), words: wordBag(s.blocks) }));
}

/** Dice's coefficient of two word multisets, lifted a little when the headings agree. */
function similarity(a: Scene, b: Scene) {
  let shared = 0;
  let total = 0;
  for (const [w, n] of a.words) shared += Math.min(n, b.words.get(w) ?? 0);
  for (const n of a.words.values()) total += n;
  for (const n of b.words.values()) total += n;
  const dice = total ? (2 * shared) / total : 1;
  return a.heading === b.heading ? Math.min(1, dice + 0.1) : dice;
}

/** Pairs new scene index → old scene index. */
function matchScenes(from: Scene[], to: Scene[]) {
  const pairs = new Map<number, number>();
  const takenOld = new Set<number>();
  const byKey = new Map<string, number[]>();
  from.forEach((s, i) => byKey.set(s.key, [...(byKey.get(s.key) ?? []), i]));
  to.forEach((s, i) => {
    const old = byKey.get(s.key)?.shift();
    if (old !== undefined) {
      pairs.set(i, old);
      takenOld.add(old);
    }
  });
  const candidates: { to: number; from: number; score: number }[] = [];
  to.forEach((t, i) => {
    if (pairs.has(i)) return;
    from.forEach((f, j) => {
      if (takenOld.has(j)) return;
      const score = similarity(f, t);
      if (score >= MIN_SIMILARITY) candidates.push({ to: i, from: j, score });
    });
  });
  // Best first; among equals the nearer position, so repeated boilerplate scenes pair in order.
  candidates.sort((a, b) => b.score - a.score || Math.abs(a.to - a.from) - Math.abs(b.to - b.from));
  for (const c of candidates) {
    if (pairs.has(c.to) || takenOld.has(c.from)) continue;
    pairs.set(c.to, c.from);
    takenOld.add(c.from);
  }
  return pairs;
}

/** The new-scene indexes whose old positions form the longest increasing run: the scenes that stayed in order. */
function inOrder(pairs: Map<number, number>) {
  const seq = [...pairs.entries()].sort((a, b) => a[0] - b[0]);
  const tails: number[] = [];
  const prev: number[] = new Array(seq.length).fill(-1);
  for (let i = 0; i < seq.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (seq[tails[mid]][1] < seq[i][1]) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1];
    tails[lo] = i;
  }
  const kept = new Set<number>();
  for (let i = tails.length ? tails[tails.length - 1] : -1; i >= 0; i = prev[i]) kept.add(seq[i][0]);
  return kept;
}

function wordChanges(before: string, after: string): WordChange[] {
  return diffWords(before, after).map((part) => ({
    text: part.value,
    change: part.added ? "added" : part.removed ? "removed" : "same",
  }));
}

const asChange = (state: BlockChange["state"], b: Block, side: "from" | "to"): BlockChange => ({
  state,
  type: b.type,
  ...(b.character ? { character: b.character } : {}),
  ...(side === "from" ? { fromId: b.id } : { toId: b.id }),
  text: b.text,
});

/** A changed scene's blocks: kept, added, removed, and changed where a removed and an added block of one type meet. */
export function diffBlocks(from: Block[], to: Block[]): BlockChange[] {
  const out: BlockChange[] = [];
  const parts = diffArrays(from, to, { comparator: (a, b) => blockKey(a) === blockKey(b) });
  let pendingRemoved: Block[] = [];
  const flushRemoved = () => {
    out.push(...pendingRemoved.map((b) => asChange("removed", b, "from")));
    pendingRemoved = [];
  };
  let oldIndex = 0;
  for (const part of parts) {
    if (part.removed) {
      pendingRemoved.push(...part.value);
      oldIndex += part.value.length;
    } else if (part.added) {
      for (const b of part.value) {
        const at = pendingRemoved.findIndex((r) => r.type === b.type);
        if (at < 0) {
          out.push(asChange("added", b, "to"));
          continue;
        }
        // Blocks removed before the one this replaces stay where they were.
        out.push(...pendingRemoved.slice(0, at).map((r) => asChange("removed", r, "from")));
        const old = pendingRemoved[at];
        pendingRemoved = pendingRemoved.slice(at + 1);
        out.push({
          ...asChange("changed", b, "to"),
          fromId: old.id,
          ...(old.character !== b.character ? { previousCharacter: old.character ?? "" } : {}),
          words: wordChanges(old.text, b.text),
        });
      }
    } else {
      flushRemoved();
      // The library hands common runs over as the new draft's items.
      part.value.forEach((b, i) => out.push({ ...asChange("unchanged", b, "to"), fromId: from[oldIndex + i]?.id }));
      oldIndex += part.value.length;
    }
  }
  flushRemoved();
  return out;
}

export function diffDrafts(fromBlocks: Block[], toBlocks: Block[], versions: { from: number; to: number }): DraftDiff {
  const from = splitScenes(fromBlocks);
  const to = splitScenes(toBlocks);
  const pairs = matchScenes(from, to);
  const kept = inOrder(pairs);
  const entries: { sort: [number, number, number]; change: SceneChange }[] = [];

  to.forEach((scene, i) => {
    const old = pairs.get(i);
    const base = { heading: scene.heading, toNumber: i + 1, blockCount: scene.blocks.length };
    if (old === undefined) {
      entries.push({ sort: [i, 0, 0], change: { ...base, state: "added", fromNumber: null, moved: false, blocks: [] } });
      return;
    }
    const moved = !kept.has(i);
    const same = from[old].key === scene.key;
    const state: SceneState = same ? (moved ? "moved" : "unchanged") : "changed";
    const blocks = same ? [] : diffBlocks(from[old].blocks, scene.blocks);
    entries.push({ sort: [i, 0, 0], change: { ...base, state, fromNumber: old + 1, moved, blocks } });
  });

  const newIndexOfOld = new Map([...pairs.entries()].map(([n, o]) => [o, n]));
  let anchor = -1;
  from.forEach((scene, j) => {
    const n = newIndexOfOld.get(j);
    if (n !== undefined) {
      if (kept.has(n)) anchor = n;
      return;
    }
    entries.push({
      sort: [anchor, 1, j],
      change: {
        state: "removed",
        heading: scene.heading,
        fromNumber: j + 1,
        toNumber: null,
        moved: false,
        blockCount: scene.blocks.length,
        blocks: [],
      },
    });
  });

  entries.sort((a, b) => a.sort[0] - b.sort[0] || a.sort[1] - b.sort[1] || a.sort[2] - b.sort[2]);
  const counts: Record<SceneState, number> = { added: 0, removed: 0, moved: 0, changed: 0, unchanged: 0 };
  for (const e of entries) counts[e.change.state]++;
  return { from: versions.from, to: versions.to, counts, scenes: entries.map((e) => e.change) };
}
