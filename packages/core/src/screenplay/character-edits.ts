import { db } from "../dynamo/service";
import { AppError } from "../error";
import { normaliseCharacterName } from "./character-names";
import { MAX_CHARACTER_NAME_LENGTH } from "./constants";
import { guessCharacterProfile } from "./profile";
import { getOwnScreenplay, loadBlocks } from "./records";
import type { CharacterDictionary } from "./types";

export { MAX_CHARACTER_NAME_LENGTH };

/** A name typed by the user, made canonical as the parser does ("Ben (V.O.)" is BEN), or a 400. */
export function characterNameFromInput(raw: string): string {
  const name = normaliseCharacterName(raw);
  if (!name) throw AppError.badRequest("Please enter a character name.");
  if (name.length > MAX_CHARACTER_NAME_LENGTH) {
    throw AppError.badRequest(`A character name must be ${MAX_CHARACTER_NAME_LENGTH} characters or fewer.`);
  }
  return name;
}

/** Adds a non-speaking character by hand; pronouns and gender are guessed from the action lines. */
export async function addCharacter(screenplayId: string, rawName: string) {
  const name = characterNameFromInput(rawName);
  const screenplay = await getOwnScreenplay(screenplayId);
  if (screenplay.status !== "ready") throw AppError.conflict("This screenplay is still being processed. Try again in a moment.");
  const dictionary = (screenplay.characterDictionary ?? {}) as CharacterDictionary;
  if (dictionary[name]) throw AppError.conflict(`${name} is already a character of this screenplay.`);
  const profile = guessCharacterProfile(name, await loadBlocks(screenplay));
  const next: CharacterDictionary = { ...dictionary, [name]: { ...profile, description: "", isSpeaker: false } };
  await db.entities.screenplay.patch({ screenplayId }).set({ characterDictionary: next }).go();
  return { name, ...next[name] };
}

/** Only characters without dialogue can be removed: the others are part of the text. */
export async function removeCharacter(screenplayId: string, rawName: string) {
  const name = normaliseCharacterName(rawName);
  const screenplay = await getOwnScreenplay(screenplayId);
  const dictionary = (screenplay.characterDictionary ?? {}) as CharacterDictionary;
  const entry = dictionary[name];
  if (!entry) throw AppError.notFound(`${name || "That character"} is not a character of this screenplay.`);
  if (entry.isSpeaker) throw AppError.conflict("Only characters without dialogue can be removed.");
  const { [name]: _removed, ...rest } = dictionary;
  await db.entities.screenplay.patch({ screenplayId }).set({ characterDictionary: rest }).go();
  return { removed: name };
}
