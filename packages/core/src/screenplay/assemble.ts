import { normaliseCharacterName } from "./character-names";
import { MAX_CHARACTER_NAME_LENGTH } from "./constants";
import { countWords, estimatedCostForPages, pageCountForWords } from "./pages";
import { guessCharacterProfiles } from "./profile";
import type { RawScreenplay } from "./raw";
import { normaliseHeading, parseSceneHeading } from "./scene-heading";
import type { Block, CharacterDictionary, ParsedScreenplay, ScreenplayFormat, SceneDictionary } from "./types";

const blockId = (n: number) => `b${String(n).padStart(4, "0")}`;

/**
 * A cue of any length is a cue (docs/decisions.md#screenplays); a name longer than a name may be is cut at
 * its last word within the limit, so it fits wherever names are shown and edited.
 */
function shortenedName(name: string): string {
  if (name.length <= MAX_CHARACTER_NAME_LENGTH) return name;
  const cut = name.slice(0, MAX_CHARACTER_NAME_LENGTH + 1);
  const lastSpace = cut.lastIndexOf(" ");
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : cut.slice(0, MAX_CHARACTER_NAME_LENGTH)).trim();
}

/**
 * Turns a format parser's paragraphs into the product's shape: numbered
 * blocks, speakers attached to their lines, the character and scene
 * dictionaries, and the page count.
 */
export function assemble(raw: RawScreenplay, format: ScreenplayFormat): ParsedScreenplay {
  const blocks: Block[] = [];
  const names = new Set<string>();
  const lines = new Map<string, number>();

  let speaker: string | undefined;
  let dual = false;
  let extension: string | undefined;
  for (const p of raw.paragraphs) {
    if (!p.text) continue;
    if (p.kind === "character") {
      speaker = shortenedName(normaliseCharacterName(p.text)) || undefined;
      dual = Boolean(p.dual);
      // "(V.O.)", "(O.S.)", "(ON PHONE)": how the line is heard, kept for the voice (CONT'D says nothing).
      extension = [...p.text.matchAll(/\(([^()]{1,20})\)/g)].map((m) => m[1].trim()).find((e) => !/^cont/i.test(e));
      if (speaker) names.add(speaker);
      continue;
    }
    const id = blockId(blocks.length + 1);
    if (p.kind === "dialogue" || p.kind === "parenthetical") {
      if (!speaker) {
        // A line of dialogue with no cue above it: keep the words, but nobody says them.
        blocks.push({ id, type: "general", text: p.text });
        continue;
      }
      const block: Block = { id, type: p.kind, text: p.text, character: speaker };
      if (dual) block.dual = true;
      if (extension && p.kind === "dialogue") block.extension = extension;
      blocks.push(block);
      if (p.kind === "dialogue") lines.set(speaker, (lines.get(speaker) ?? 0) + 1);
      continue;
    }
    speaker = undefined;
    dual = false;
    extension = undefined;
    const text = p.kind === "scene_heading" ? normaliseHeading(p.text) : p.text;
    blocks.push({ id, type: p.kind, text, ...(p.centred && p.kind === "action" ? { centred: true as const } : {}) });
  }
  for (const name of raw.extraCharacters ?? []) if (name) names.add(name);

  const sceneDictionary: SceneDictionary = {};
  let words = 0;
  for (const block of blocks) {
    words += countWords(block.text);
    if (block.type === "scene_heading") sceneDictionary[block.id] = parseSceneHeading(block.text);
  }

  const profiles = guessCharacterProfiles([...names], blocks);
  const characterDictionary: CharacterDictionary = {};
  for (const name of names) {
    characterDictionary[name] = { description: "", isSpeaker: lines.has(name), lines: lines.get(name) ?? 0, ...profiles[name] };
  }

  const pageCount = pageCountForWords(words);
  return {
    ...(raw.title ? { title: raw.title } : {}),
    ...(raw.writer ? { writer: raw.writer } : {}),
    format,
    blocks,
    characterDictionary,
    sceneDictionary,
    pageCount,
    estimatedCost: estimatedCostForPages(pageCount),
  };
}
