import type { CharacterEntry } from "../screenplay/types";
import { carryOverCharacters, matchRetiredCharacter } from "./carry-over";

const entry = (description = "", isSpeaker = true): CharacterEntry => ({
  description,
  isSpeaker,
  gender: "female",
  pronouns: { subject: "she", object: "her", possessive: "her" },
});
const voice = (voiceId: string) => ({ voiceId, voiceName: voiceId });

describe("characters carried into a revised draft", () => {
  const base = {
    previous: { ROSE: entry("A nurse in her sixties."), SAM: entry() },
    previousVoices: { ROSE: voice("v-rose"), NARRATOR: voice("v-narrator") },
    retired: {},
    previousVersion: 1,
    rendered: { characterDictionary: { SAM: entry("A tired porter.") }, characterVoices: { SAM: voice("v-sam"), ROSE: voice("v-old") } },
  };

  it("keeps descriptions and voices by name, and names the new and the gone", () => {
    const out = carryOverCharacters({ ...base, next: { ROSALIND: entry(), SAM: entry(), LIN: entry() } });
    expect(out.characterDictionary.SAM.description).toBe("A tired porter.");
    expect(out.characterVoices).toEqual({ SAM: voice("v-sam"), NARRATOR: voice("v-narrator") });
    expect(out.newCharacters).toEqual(["ROSALIND", "LIN"]);
    expect(out.goneCharacters).toEqual(["ROSE"]);
    expect(out.retiredCharacters.ROSE).toEqual({ description: "A nurse in her sixties.", voice: voice("v-rose"), lastVersion: 1 });
  });

  it("gives a new name the retired one's description and voice in one step", () => {
    const out = carryOverCharacters({ ...base, next: { ROSALIND: entry(), SAM: entry() } });
    const matched = matchRetiredCharacter({ ...out, retired: out.retiredCharacters }, "ROSE", "ROSALIND");
    expect(matched.characterDictionary.ROSALIND.description).toBe("A nurse in her sixties.");
    expect(matched.characterVoices.ROSALIND).toEqual(voice("v-rose"));
    expect(matched.retiredCharacters).toEqual({});
  });

  it("brings a name back from an earlier draft with what it had", () => {
    const retired = { ROSE: { description: "Back again.", voice: voice("v-r"), lastVersion: 1 } };
    const out = carryOverCharacters({
      ...base,
      previous: { SAM: entry() },
      previousVoices: {},
      retired,
      previousVersion: 2,
      next: { ROSE: entry(), SAM: entry() },
    });
    expect(out.characterDictionary.ROSE.description).toBe("Back again.");
    expect(out.characterVoices.ROSE).toEqual(voice("v-r"));
    expect(out.newCharacters).toEqual([]);
    expect(out.retiredCharacters).toEqual({});
  });

  it("carries the writer's own picture by name, the newest render's first, and never a drawn portrait", () => {
    const picture = (hash: string, source: "drawn" | "writer") => ({ key: `renders/u/r/references/x-${hash}.jpg`, hash, source });
    const out = carryOverCharacters({
      ...base,
      previous: { ROSE: { ...entry("A nurse."), reference: picture("old", "writer") }, SAM: entry(), LIN: { ...entry(), reference: picture("lin", "writer") } },
      rendered: {
        characterDictionary: { ROSE: { ...entry("A nurse."), reference: picture("new", "writer") }, SAM: { ...entry("A porter."), reference: picture("sam", "drawn") } },
        characterVoices: {},
      },
      next: { ROSE: entry(), SAM: entry(), LIN: entry() },
    });
    expect(out.characterDictionary.ROSE.reference).toEqual(picture("new", "writer"));
    expect(out.characterDictionary.SAM.reference).toBeUndefined();
    expect(out.characterDictionary.LIN.reference).toEqual(picture("lin", "writer"));
    // A name new to this draft has no picture of its own yet.
    expect(carryOverCharacters({ ...base, next: { KIM: entry() } }).characterDictionary.KIM.reference).toBeUndefined();
  });
});
