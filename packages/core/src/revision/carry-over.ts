import { castOrder, placeCast } from "../render/cast-order";
import type { CharacterDictionary } from "../screenplay/types";
import type { RetiredCharacter } from "./schema";

export type CharacterVoices = Record<string, { voiceId: string; voiceName?: string }>;

export interface CarryOverInput {
  /** The draft being replaced: its dictionary, voices and the names retired before it. */
  previous: CharacterDictionary;
  previousVoices: CharacterVoices;
  retired: Record<string, RetiredCharacter>;
  previousVersion: number;
  /** The newest render's described characters and voices, for what the screenplay itself does not hold. */
  rendered?: { characterDictionary: CharacterDictionary; characterVoices: CharacterVoices };
  /** The new draft's parse. */
  next: CharacterDictionary;
}

/**
 * Characters carry over by name (docs/decisions.md#revised-drafts): a name in
 * both drafts keeps its description and voice, and the writer's own picture of
 * it (docs/decisions.md#portraits-follow-the-description); a name only in the new draft is
 * new (voiced as on a first upload); a name only in the old one is retired,
 * kept with its description and voice until the writer matches it to a new
 * name ("ROSE is now ROSALIND"). Voices not tied to a character (the narrator) stay.
 * Every name keeps its place in the cast (docs/decisions.md#the-cast-keeps-its-places);
 * new names take places after every earlier one, the retired ones' too.
 */
export function carryOverCharacters(input: CarryOverInput) {
  const descriptionOf = (name: string) => input.previous[name]?.description || input.rendered?.characterDictionary[name]?.description || "";
  const voiceOf = (name: string) => input.previousVoices[name] ?? input.rendered?.characterVoices[name];
  // The writer's own picture is theirs until they replace it: the newest render's, else the one the draft carried.
  const writerPictureOf = (name: string) =>
    [input.rendered?.characterDictionary[name]?.reference, input.previous[name]?.reference].find((r) => r?.source === "writer");

  // Every name's place in the cast: the retired ones' and the previous draft's are known, new names follow them.
  const previousPlaces = castOrder(input.previous);
  const known: Record<string, number> = Object.fromEntries(previousPlaces);
  for (const [name, old] of Object.entries(input.retired)) if (old.castIndex !== undefined && !(name in known)) known[name] = old.castIndex;
  const places = placeCast(known, input.next);
  const characterDictionary: CharacterDictionary = {};
  const characterVoices: CharacterVoices = {};
  const newCharacters: string[] = [];
  for (const [name, entry] of Object.entries(input.next)) {
    const known = name in input.previous;
    const comesBack = input.retired[name];
    const description = known ? descriptionOf(name) : (comesBack?.description ?? "");
    const picture = known ? writerPictureOf(name) : undefined;
    characterDictionary[name] = { ...entry, description, ...(picture ? { reference: picture } : {}), castIndex: places[name] };
    const voice = known ? voiceOf(name) : comesBack?.voice;
    if (voice) characterVoices[name] = voice;
    if (!known && !comesBack) newCharacters.push(name);
  }
  for (const [key, voice] of Object.entries({ ...input.rendered?.characterVoices, ...input.previousVoices })) {
    if (!(key in input.previous) && !(key in input.next) && !(key in characterVoices)) characterVoices[key] = voice;
  }

  const retiredCharacters: Record<string, RetiredCharacter> = {};
  for (const [name, old] of Object.entries(input.retired)) {
    if (!(name in input.next)) retiredCharacters[name] = old;
  }
  const goneCharacters: string[] = [];
  for (const name of Object.keys(input.previous)) {
    if (name in input.next) continue;
    goneCharacters.push(name);
    retiredCharacters[name] = { description: descriptionOf(name), voice: voiceOf(name), lastVersion: input.previousVersion, castIndex: known[name] };
  }
  return { characterDictionary, characterVoices, retiredCharacters, newCharacters, goneCharacters };
}

/** ROSE is now ROSALIND: the new name takes the retired one's description and voice. */
export function matchRetiredCharacter(
  state: { characterDictionary: CharacterDictionary; characterVoices: CharacterVoices; retired: Record<string, RetiredCharacter> },
  oldName: string,
  newName: string,
) {
  const old = state.retired[oldName];
  const { [oldName]: _matched, ...retiredCharacters } = state.retired;
  const characterDictionary = {
    ...state.characterDictionary,
    [newName]: { ...state.characterDictionary[newName], description: old.description, ...(old.castIndex !== undefined ? { castIndex: old.castIndex } : {}) },
  };
  const characterVoices = { ...state.characterVoices };
  if (old.voice) characterVoices[newName] = old.voice;
  return { characterDictionary, characterVoices, retiredCharacters };
}
