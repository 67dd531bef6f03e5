import { describe, expect, it } from "vitest";
import { guessCharacterProfile, guessCharacterProfiles } from "./profile";
import type { Block } from "./types";

let n = 0;
const action = (text: string): Block => ({ id: `b${++n}`, type: "action", text });
const line = (character: string, text: string): Block => ({ id: `b${++n}`, type: "dialogue", text, character });
const heading = (text: string): Block => ({ id: `b${++n}`, type: "scene_heading", text });

describe("guessCharacterProfile", () => {
  it("reads the pronoun after an introduction", () => {
    const blocks = [heading("INT. OFFICE - DAY"), action("JOHN (40s) sits at his desk. He looks tired."), line("JOHN", "Morning.")];
    expect(guessCharacterProfile("JOHN", blocks)).toEqual({
      gender: "male",
      pronouns: { subject: "he", object: "him", possessive: "his" },
    });
  });

  it("reads her", () => {
    const blocks = [action("MARIA, 30, checks her watch. She is late."), line("MARIA", "Again?")];
    expect(guessCharacterProfile("Maria", blocks)).toEqual({
      gender: "female",
      pronouns: { subject: "she", object: "her", possessive: "her" },
    });
  });

  it("defaults to they/them/their when nothing says otherwise", () => {
    expect(guessCharacterProfile("ALEX", [action("ALEX waits by the door."), line("ALEX", "Ready?")])).toEqual({
      gender: "neutral",
      pronouns: { subject: "they", object: "them", possessive: "their" },
    });
    expect(guessCharacterProfile("NOBODY", [])).toMatchObject({ gender: "neutral" });
  });

  it("credits an object pronoun to the other person, not the one acting", () => {
    const blocks = [action("Mary runs across the field."), action("Henry springs after her. He grabs her hand.")];
    const profiles = guessCharacterProfiles(["MARY", "HENRY"], blocks);
    expect(profiles.MARY.gender).toBe("female");
    expect(profiles.HENRY.gender).toBe("male");
  });

  it("reads family words and the name itself", () => {
    const blocks = [action("Nearby his father WALTER smokes a pipe."), action("His wife ELIZABETH waits.")];
    const profiles = guessCharacterProfiles(["WALTER", "ELIZABETH", "TELLER WOMAN", "A MAN'S VOICE"], blocks);
    expect(profiles.WALTER.gender).toBe("male");
    expect(profiles.ELIZABETH.gender).toBe("female");
    expect(profiles["TELLER WOMAN"].gender).toBe("female");
    expect(profiles["A MAN'S VOICE"].gender).toBe("male");
  });

  it("does not mistake common words for the character", () => {
    // "the crowd" in lower case is not THE CROWD the character.
    const blocks = [action("The crowd cheers as he rounds the bases.")];
    expect(guessCharacterProfile("THE CROWD", blocks).gender).toBe("neutral");
  });

  it("knows a character by first name", () => {
    const blocks = [action("DON PRICE, 12, glowers."), action("Don shoves his brother. He laughs.")];
    expect(guessCharacterProfile("DON PRICE", blocks).gender).toBe("male");
  });

  it("forgets who was talked about at each new scene", () => {
    const blocks = [action("Susan enters."), heading("EXT. STREET - DAY"), action("He runs.")];
    expect(guessCharacterProfile("SUSAN", blocks).gender).toBe("neutral");
  });
});
