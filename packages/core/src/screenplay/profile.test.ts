import { describe, expect, it } from "vitest";
import { guessCharacterProfile, guessCharacterProfiles } from "./profile";
import { nightShift } from "./fixtures/short";
import { parseScreenplay } from "./parse";
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
    const blocks = [action("Robin enters."), heading("EXT. STREET - DAY"), action("He runs.")];
    expect(guessCharacterProfile("ROBIN", blocks).gender).toBe("neutral");
  });

  it("leaves a GUARD nothing says anything about neutral (the project's fixture called him a woman)", () => {
    const { fileName, bytes } = nightShift("fdx");
    const script = parseScreenplay(bytes, fileName);
    expect(script.characterDictionary.GUARD.gender).toBe("neutral");
    expect(script.characterDictionary.PROGRAMMER.gender).toBe("female");
    // The same scene in small: after their lines, "She" is the one already known as "her", not the last one named.
    const blocks = [
      action("A PROGRAMMER stares at the screen. Behind her, a JANITOR mops."),
      action("A GUARD walks up with two coffees."),
      line("PROGRAMMER", "Thanks."),
      line("GUARD", "Sure."),
      action("She takes the cup."),
    ];
    expect(guessCharacterProfiles(["PROGRAMMER", "JANITOR", "GUARD"], blocks).GUARD.gender).toBe("neutral");
  });

  it("reads 'the guard… he' as a man: a role name in lower case after an article is still the character", () => {
    const blocks = [heading("INT. LOBBY - NIGHT"), action("The guard looks up from his paper. He yawns."), line("GUARD", "Closed.")];
    expect(guessCharacterProfile("GUARD", blocks).gender).toBe("male");
    // Words inside other words never count: "other", "there", "here", "hers" in "others".
    const plain = [action("The GUARD waits there, here and elsewhere, like the others. Another shift, another door.")];
    expect(guessCharacterProfile("GUARD", plain).gender).toBe("neutral");
  });

  it("gives a possessive in apposition to the one named before: 'DICK STEEL, his former partner'", () => {
    const blocks = [
      action("BRICK BRADDOCK sits quietly."),
      action("The door slides open and DICK STEEL, his former partner, emerges with two beers."),
    ];
    const profiles = guessCharacterProfiles(["BRICK BRADDOCK", "JO STEEL"], blocks.map((b) => ({ ...b, text: b.text.replace("DICK", "JO") })));
    expect(profiles["BRICK BRADDOCK"].gender).toBe("male");
    // JO is a name anyone may have, and "his" is Brick's: nothing says what Jo is.
    expect(profiles["JO STEEL"].gender).toBe("neutral");
  });

  it("reads a given name the script writes as evidence: DICK STEEL is a man, NANCY a woman, ALEX unknown", () => {
    const blocks = [
      action("BRICK BRADDOCK sits quietly."),
      action("The door slides open and DICK STEEL, his former partner, emerges with two beers."),
      action("NANCY waits at the bar. ALEX waits beside her."),
      line("STEEL", "Beer?"),
    ];
    const profiles = guessCharacterProfiles(["BRICK BRADDOCK", "STEEL", "NANCY", "ALEX"], blocks);
    expect(profiles.STEEL.gender).toBe("male");
    expect(profiles.NANCY.gender).toBe("female");
    expect(profiles.ALEX.gender).toBe("neutral");
  });

  it("takes no given name from a word the script uses as a role ('the captain')", () => {
    const blocks = [action("The captain studies the map."), line("CAPTAIN", "Hold steady.")];
    expect(guessCharacterProfile("CAPTAIN", blocks).gender).toBe("neutral");
  });

  it("says unknown rather than guess when the evidence conflicts", () => {
    // A woman's name against a man's pronouns, two to two: unknown. Against one pronoun, the name wins.
    expect(guessCharacterProfile("NANCY", [action("NANCY opens the door. He waits. Nancy sits. He reads.")]).gender).toBe("neutral");
    expect(guessCharacterProfile("NANCY", [action("NANCY opens the door. He waits.")]).gender).toBe("female");
  });

  it("takes a sentence's opening pronoun as its actor, so 'him' later is the one named in between", () => {
    const blocks = [
      action("EDWARD waits, his hat in hand."),
      line("TOWNSFOLK", "Go on."),
      action("She motions for Edward to lean down, so she can whisper to him."),
    ];
    const profiles = guessCharacterProfiles(["EDWARD", "TOWNSFOLK"], blocks);
    expect(profiles.EDWARD.gender).toBe("male");
    expect(profiles.TOWNSFOLK.gender).toBe("neutral");
  });
});
