import { parseScreenplay } from "./parse";
import type { Block } from "./types";

/** Fountain as its spec writes it, on inputs like those of the public Fountain test suites (written by hand here). */
const parse = (text: string) => parseScreenplay(new TextEncoder().encode(text), "x.fountain");
const kinds = (blocks: Block[]) => blocks.map((b) => `${b.type}${b.character ? `:${b.character}` : ""}:${b.text}`);

describe("Fountain boneyard after a transition", () => {
  const hidden = "/*\nINT. HIDDEN ROOM - NIGHT\n\nHidden action.\n\nGHOST\nA hidden line.\n*/";

  it("hides everything up to */ when the boneyard starts on the line after the transition", () => {
    const parsed = parse(`INT. ROOM - DAY\n\nBob waits.\n\nCUT TO:\n${hidden}\n\nEXT. STREET - DAY\n\nRain.\n`);
    expect(kinds(parsed.blocks)).toEqual([
      "scene_heading:INT. ROOM - DAY",
      "action:Bob waits.",
      "transition:CUT TO:",
      "scene_heading:EXT. STREET - DAY",
      "action:Rain.",
    ]);
    expect(parsed.characterDictionary).not.toHaveProperty("GHOST");
  });

  it("never reads the transition as a character when the next scene follows the boneyard directly", () => {
    const parsed = parse(`INT. ROOM - DAY\n\nBob waits.\n\nCUT TO:\n${hidden}\nEXT. STREET - DAY\n\nRain.\n`);
    expect(kinds(parsed.blocks)).toEqual([
      "scene_heading:INT. ROOM - DAY",
      "action:Bob waits.",
      "transition:CUT TO:",
      "scene_heading:EXT. STREET - DAY",
      "action:Rain.",
    ]);
    expect(Object.keys(parsed.characterDictionary)).not.toContain("CUT TO");
    expect(parsed.blocks.some((b) => b.text.includes("HIDDEN"))).toBe(false);
  });
});

describe("Fountain character cues", () => {
  it("reads a cue of any length in capitals as a cue", () => {
    const cue = "THE MAN WHO WAS STANDING BY THE DOOR WHEN THE LIGHTS WENT OUT IN THE KITCHEN";
    const parsed = parse(`INT. ROOM - DAY\n\n${cue}\nWho turned off the lights?\n`);
    const line = parsed.blocks.find((b) => b.text === "Who turned off the lights?");
    expect(line?.type).toBe("dialogue");
    // Cut at a word within the 60 characters a name may have.
    expect(line?.character).toBe("THE MAN WHO WAS STANDING BY THE DOOR WHEN THE LIGHTS WENT");
  });

  it("ends the cue at the dual-dialogue caret, after an extension too", () => {
    const parsed = parse("INT. ROOM - DAY\n\nBRICK\nScrew retirement.\n\nSTEEL (V.O.) ^\nScrew retirement.\n");
    expect(parsed.blocks.filter((b) => b.type === "dialogue").map((b) => [b.character, b.dual])).toEqual([
      ["BRICK", true],
      ["STEEL", true],
    ]);
  });

  it("never makes a caret elsewhere part of a name", () => {
    const parsed = parse("INT. ROOM - DAY\n\nJO^E\nHey.\n\n^ANN\nHi.\n");
    expect(Object.keys(parsed.characterDictionary).sort()).toEqual(["ANN", "JOE"]);
  });
});
