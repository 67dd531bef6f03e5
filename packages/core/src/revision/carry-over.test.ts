import type { CharacterEntry } from "../screenplay/types";
import { castOrder } from "../render/cast-order";
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
    expect(out.retiredCharacters.ROSE).toEqual({ description: "A nurse in her sixties.", voice: voice("v-rose"), lastVersion: 1, castIndex: 0 });
  });

  it("keeps every name's place in the cast, though a new scene gives another more lines (docs/decisions.md#the-cast-keeps-its-places)", () => {
    const lines = (n: number, place?: number): CharacterEntry => ({ ...entry(), lines: n, ...(place !== undefined ? { castIndex: place } : {}) });
    // Draft 1 as parsed: ROSE speaks most, so she is first; SAM second; LIN third.
    const first = { ROSE: lines(9), SAM: lines(5), LIN: lines(2) };
    expect([...castOrder(first)]).toEqual([["ROSE", 0], ["SAM", 1], ["LIN", 2]]);
    // Draft 2: an inserted scene gives LIN the most lines, a new character KIM speaks more than SAM, and ROSE is gone.
    const second = carryOverCharacters({ ...base, previous: first, next: { SAM: lines(5), LIN: lines(14), KIM: lines(7), ZED: lines(1) } });
    expect(castOrder(second.characterDictionary)).toEqual(
      new Map([["SAM", 1], ["LIN", 2], ["KIM", 3], ["ZED", 4]]),
    );
    expect(second.retiredCharacters.ROSE.castIndex).toBe(0);
    // Draft 3: ROSE comes back in her old place; a newcomer goes after everyone, the retired included.
    const third = carryOverCharacters({
      ...base,
      previous: second.characterDictionary,
      retired: second.retiredCharacters,
      previousVersion: 2,
      next: { ROSE: lines(1), SAM: lines(5), LIN: lines(14), KIM: lines(7), AMY: lines(30) },
    });
    expect(castOrder(third.characterDictionary)).toEqual(
      new Map([["ROSE", 0], ["SAM", 1], ["LIN", 2], ["KIM", 3], ["AMY", 5]]),
    );
    // ZED is now retired at 4: a new name matched to it takes that place.
    const matched = matchRetiredCharacter({ ...third, retired: third.retiredCharacters }, "ZED", "AMY");
    expect(matched.characterDictionary.AMY.castIndex).toBe(4);
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
