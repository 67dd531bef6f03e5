/**
 * What a parsed screenplay looks like. Browser-safe: the web app imports these
 * types, so nothing here may import Node built-ins.
 */

export type ScreenplayFormat = "fdx" | "osf" | "fadein" | "fountain";

export type BlockType = "scene_heading" | "action" | "dialogue" | "parenthetical" | "transition" | "shot" | "general";

/** One narratable paragraph. Character cues are not blocks: they set `character` on what follows. */
export interface Block {
  /** Deterministic, in document order: b0001, b0002, … */
  id: string;
  type: BlockType;
  text: string;
  /** Present on dialogue and parenthetical blocks: the normalised speaker name. */
  character?: string;
  /** Present (and true) when the speech is one half of dual dialogue. */
  dual?: true;
  /** The cue's delivery extension on a dialogue block, e.g. "V.O.", "O.S." (absent when the cue has none). */
  extension?: string;
  /** Present (and true) on an action block the script centres (Fountain's `> TEXT <`): a title card, drawn as its words. */
  centred?: true;
}

export type Gender = "male" | "female" | "neutral";

export interface Pronouns {
  subject: string;
  object: string;
  possessive: string;
}

export interface CharacterProfile {
  pronouns: Pronouns;
  gender: Gender;
}

export interface CharacterEntry extends CharacterProfile {
  /** Filled in later by the render; empty after parsing. */
  description: string;
  /** True when the character has at least one line of dialogue. */
  isSpeaker: boolean;
  /** Dialogue blocks spoken (absent on screenplays parsed before it was counted). */
  lines?: number;
  /** The character's reference image in a render (render/character-references.ts): its media key and a hash of its bytes. */
  reference?: CharacterReference;
  /** Its place in the cast (render/cast-order.ts), fixed by an earlier draft and carried over by name (revision/carry-over.ts). */
  castIndex?: number;
}

/** A character's reference portrait (docs/decisions.md#portraits-follow-the-description). */
export interface CharacterReference {
  key: string;
  hash: string;
  /** "writer": the writer's own picture, kept whatever the description says until the writer replaces it. "drawn" (or absent, on renders from before it was recorded): made from `description`. */
  source?: "drawn" | "writer";
  /** The description a drawn portrait was made from: once the character's description differs, the portrait is stale. */
  description?: string;
}

/** Keyed by the normalised (upper-case, extension-free) character name. */
export type CharacterDictionary = Record<string, CharacterEntry>;

export type Interior = "INT" | "EXT" | "INT/EXT";

export interface SceneInfo {
  heading: string;
  interior: Interior | null;
  location: string;
  timeOfDay: string | null;
}

/** Keyed by the id of the scene heading block. */
export type SceneDictionary = Record<string, SceneInfo>;

export interface ParsedScreenplay {
  title?: string;
  /** The writer the title page credits, when it names one. */
  writer?: string;
  format: ScreenplayFormat;
  blocks: Block[];
  characterDictionary: CharacterDictionary;
  sceneDictionary: SceneDictionary;
  pageCount: number;
  /** In points: pageCount × POINTS_PER_PAGE. */
  estimatedCost: number;
}
