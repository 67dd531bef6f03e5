/**
 * What the revision routes answer. Browser-safe: the web app imports these
 * types, so nothing here may import Node built-ins.
 */
import type { ScreenplayFormat } from "../screenplay/types";

/** One draft of a screenplay: version 1 is the first upload. */
export interface DraftSummary {
  version: number;
  uploadedAt: string;
  pageCount: number;
  blockCount: number;
  originalFileName: string;
  format: ScreenplayFormat;
  current: boolean;
  renderCount: number;
}

export type SceneState = "added" | "removed" | "moved" | "changed" | "unchanged";
export type BlockState = "added" | "removed" | "changed" | "unchanged";

/** A run of words in a changed block: kept, or only in the old or the new draft. */
export interface WordChange {
  text: string;
  change: "same" | "added" | "removed";
}

export interface BlockChange {
  state: BlockState;
  type: string;
  character?: string;
  /** When the speaker changed (a renamed character): the old draft's name. */
  previousCharacter?: string;
  /** The block's id in the old draft (removed, changed) and in the new one (added, changed). */
  fromId?: string;
  toId?: string;
  /** The new text, or the old one for a removed block. */
  text: string;
  /** Only on changed blocks. */
  words?: WordChange[];
}

export interface SceneChange {
  state: SceneState;
  /** The heading in the new draft, or the old one for a removed scene ("" before the first heading). */
  heading: string;
  /** 1-based scene numbers in each draft; null where the scene is absent. */
  fromNumber: number | null;
  toNumber: number | null;
  /** True when a changed scene also moved. */
  moved: boolean;
  /** How many blocks the scene has (in the new draft; in the old one for a removed scene). */
  blockCount: number;
  /** A changed scene's blocks in the new draft's order, removed ones where they were; empty for other states. */
  blocks: BlockChange[];
}

export interface DraftDiff {
  from: number;
  to: number;
  counts: Record<SceneState, number>;
  /** The new draft's scenes in order, each removed scene placed after the scene it used to follow. */
  scenes: SceneChange[];
}

/** "ROSE is now ROSALIND": an earlier draft's character whose description and voice a new name takes over. */
export interface RetiredCharacter {
  description: string;
  voice?: { voiceId: string; voiceName?: string };
  /** The last draft the name appeared in. */
  lastVersion: number;
  /** Its place in the cast: a new character never takes it, a new name matched to it does. */
  castIndex?: number;
}
