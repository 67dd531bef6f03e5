/**
 * Who a block's frame shows (docs/decisions.md#who-a-frame-shows): used by the
 * describe step, the shots, the boards and the frames. Pure.
 */
import { GROUP_SUBJECT_WORDS } from "../screenplay/group-words";
import type { Block } from "../screenplay/types";
import { nicknamesOf } from "./nicknames";

export interface BlockOfScript {
  type: string;
  text: string;
  character?: string | null;
  /** The cue's extension on a script block ("V.O."). */
  extension?: string | null;
  /** A centred action block, a title card: its frame is its words (screenplay Block.centred). */
  centred?: boolean | null;
  /** A render block's delivery: its parentheticals and the cue's extension, last. */
  delivery?: readonly string[] | null;
}

/** At most this many people in one frame: a crowd is drawn as its first four. */
const MOST_IN_FRAME = 4;

/** A voice from outside the frame: voice-over, off screen, off camera. */
const OFF_SCREEN = /^\s*(V\.?\s?O\.?|O\.?\s?S\.?|O\.?\s?C\.?|OFF(?:[\s-]?(?:SCREEN|CAMERA))?|VOICE[\s-]?OVER|ON RADIO|OVER RADIO|ON TAPE)\s*$/i;

/** Relations a possessive name introduces someone else by ("Tom's daughter"): Tom is named, not shown. */
const RELATION =
  "daughter|son|wife|husband|mother|mom|mum|father|dad|brother|sister|partner|friend|boss|girlfriend|boyfriend|fiancée?|widow|widower|" +
  "uncle|aunt|niece|nephew|cousin|grandson|granddaughter|grandmother|grandfather|kid|kids|children|child|family|colleague|assistant|secretary|" +
  "lawyer|doctor|driver|dog|cat|horse|voice|photo|photograph|picture|portrait|grave|letter|phone|number|name";

/** Said of someone who is not in the shot. */
const OUT_OF_FRAME = /\b(?:off[- ]?screen|off[- ]?camera|out of (?:frame|shot|sight)|unseen|O\.S\.)/i;

/** Words a full name holds that say nothing of who it is: "Dr", "Old", "the". */
const NOT_NAME_PARTS = new Set(
  ("the mr mrs ms miss dr doc sir old young big little man woman boy girl officer agent captain detective sergeant " +
    "father mother sister brother uncle aunt nurse professor judge"
  ).split(" "),
);

/** A line about the people already there, naming none of them: "They drink.", "The men look at each other." */
const GROUP = new RegExp(`(?:^|[.!?:]\\s+)(?:${GROUP_SUBJECT_WORDS})\\b|\\beach other\\b`, "i");

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether the line is spoken from outside the frame (its cue says V.O., O.S. or O.C.). */
export function spokenOffScreen(block: BlockOfScript): boolean {
  const notes = [...(block.delivery ?? []), ...(block.extension ? [block.extension] : [])];
  return block.type === "dialogue" && notes.some((n) => OFF_SCREEN.test(n));
}

/**
 * The words that name each character in action: the name, its parts when only
 * that character has them ("Halloran" for TOM HALLORAN) and the nicknames the
 * script gives them. Keyed by character name.
 */
export function namesInAction(names: readonly string[], blocks: readonly Block[] = []): Map<string, string[]> {
  const parts = names.map((n) => n.split(/[\s.]+/).filter((p) => p.length >= 3 && !NOT_NAME_PARTS.has(p.toLowerCase())));
  const shared = new Set(parts.flatMap((p) => p).filter((p, i, all) => all.indexOf(p) !== i));
  return new Map(
    names.map((name, i) => {
      const own = name.trim().includes(" ") ? parts[i].filter((p) => !shared.has(p) && !names.includes(p)) : [];
      const nicknames = blocks.length ? nicknamesOf(name, blocks) : [];
      return [name, [...new Set([name, ...own, ...nicknames])]];
    }),
  );
}

/** Where the text first shows the person a word names (-1: nowhere): named, and not only as the owner of someone else ("Tom's daughter"). */
function shownAt(text: string, word: string): number {
  const named = new RegExp(`(^|[^\\p{L}])${escape(word)}(?=$|[^\\p{L}])`, "giu");
  const asOwner = new RegExp(`^['’]s\\s+(?:(?:\\p{L}+[\\s-]){0,2})(?:${RELATION})\\b`, "iu");
  for (const match of text.matchAll(named)) {
    const after = text.slice(match.index + match[0].length);
    // "His minion approaches offscreen": their own clause (up to the sentence's end or the next name) keeps them out of the frame.
    const clause = after.split(/[.!?:](?:\s|$)|\s(?=\p{Lu})/u)[0];
    if (!asOwner.test(after) && !OUT_OF_FRAME.test(clause)) return match.index;
  }
  return -1;
}

/**
 * Names of the characters a block shows, from its text alone: its speaker, or
 * those its action line names. `words` adds the other words each one is
 * called by (namesInAction).
 */
export function charactersInBlock(block: BlockOfScript, names: readonly string[], words?: ReadonlyMap<string, readonly string[]>): string[] {
  if (block.character) return spokenOffScreen(block) ? [] : [block.character];
  if (block.type !== "action" && block.type !== "general" && block.type !== "shot") return [];
  // In the order the line names them: who it is about comes first.
  return names
    .map((name) => ({ name, at: Math.min(...(words?.get(name) ?? [name]).map((w) => shownAt(block.text, w)).map((i) => (i < 0 ? Infinity : i))) }))
    .filter(({ at }) => at !== Infinity)
    .sort((a, b) => a.at - b.at)
    .map(({ name }) => name)
    .slice(0, MOST_IN_FRAME);
}

/**
 * Who every block's frame shows, by index: what charactersInBlock reads; for
 * a line spoken off screen (V.O., O.S.) whoever the scene has shown so far,
 * the speaker only when the scene's latest action shows them; for an action
 * about "them" that names nobody, the scene's people.
 */
export function presentInBlocks(blocks: readonly BlockOfScript[], names: readonly string[]): string[][] {
  const words = namesInAction(
    names,
    blocks.map((b, i) => ({ id: String(i), type: b.type as Block["type"], text: b.text, ...(b.character ? { character: b.character } : {}) })),
  );
  let inView: string[] = [];
  // Who the scene has shown so far, in the order they came in: "They drink" shows them (the last four).
  let seen: string[] = [];
  return blocks.map((block, index) => {
    if (block.type === "scene_heading") [inView, seen] = [[], []];
    // A title card ("> BRICK & STEEL IN <") names people but shows only its words.
    if (block.centred) return [];
    let present = charactersInBlock(block, names, words);
    // One of two talking: the other is the listener an over-the-shoulder shot puts in the foreground (board/shots.ts).
    const listener = block.type === "dialogue" && present.length ? listenerOf(blocks, index) : undefined;
    if (listener) present = [...present, listener];
    const action = block.type === "action" || block.type === "general" || block.type === "shot";
    if (action && !present.length && seen.length > 1 && GROUP.test(block.text)) present = seen.slice(-MOST_IN_FRAME);
    if (action) inView = present;
    const offScreen = spokenOffScreen(block) && block.character;
    const shown = offScreen ? seen.filter((n) => n !== offScreen || inView.includes(n)).slice(-MOST_IN_FRAME) : present;
    seen = [...seen, ...shown.filter((n) => !seen.includes(n))];
    return shown;
  });
}

/** The other speaker of a two-person exchange around `index` (dialogue and parentheticals only), if they speak on screen. */
function listenerOf(blocks: readonly BlockOfScript[], index: number): string | undefined {
  const inRun = (b: BlockOfScript) => b.type === "dialogue" || b.type === "parenthetical";
  let start = index;
  while (start > 0 && inRun(blocks[start - 1])) start--;
  const lines = new Map<string, boolean>();
  for (let i = start; i < blocks.length && inRun(blocks[i]); i++) {
    const b = blocks[i];
    if (b.type === "dialogue" && b.character) lines.set(b.character, (lines.get(b.character) ?? false) || !spokenOffScreen(b));
  }
  const others = [...lines].filter(([name]) => name !== blocks[index].character);
  return lines.size === 2 && others[0][1] ? others[0][0] : undefined;
}
