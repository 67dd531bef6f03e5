import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseScreenplay } from "../screenplay/parse";
import { charactersInBlock, namesInAction, presentInBlocks, spokenOffScreen } from "./characters-in-block";

const present = (script: string) => {
  const { blocks, characterDictionary } = parseScreenplay(new TextEncoder().encode(script), "scene.fountain");
  const names = Object.keys(characterDictionary);
  const cast = presentInBlocks(blocks, names);
  return (text: string) => cast[blocks.findIndex((b) => b.text.includes(text))];
};

describe("who a frame shows", () => {
  it("shows nobody on a title card, though its words name the cast, and keeps the scene's people for what follows", () => {
    const at = present(`EXT. PATIO - DAY

BRICK sits with STEEL.

BRICK
Cheers.

STEEL
Cheers.

> BRICK AND STEEL IN <

They drink.
`);
    expect(at("BRICK AND STEEL IN")).toEqual([]);
    expect(at("They drink")).toEqual(["BRICK", "STEEL"]);
  });

  it("leaves a voice-over speaker out of the frame of their line, showing whoever the scene's action shows", () => {
    const at = present(`INT. LIGHTHOUSE - NIGHT

TOM sits by the dead lamp.

MAYA (V.O.)
Dad? Are you there?

TOM
Maya?

MAYA (O.S.)
Open the door!
`);
    expect(at("Are you there")).toEqual(["TOM"]);
    expect(at("Maya?")).toEqual(["TOM"]);
    expect(at("Open the door")).toEqual(["TOM"]);
  });

  it("draws an off-screen speaker when the action shows them, and nobody when a scene opens on the voice", () => {
    const at = present(`INT. KITCHEN - DAY

Maya stirs a pot. Tom reads.

MAYA (O.S.)
Dinner!

EXT. FIELD - DAY

NARRATOR (V.O.)
It was a long summer.

TOM
Hm.
`);
    expect(at("Dinner")).toEqual(["MAYA", "TOM"]);
    expect(at("long summer")).toEqual([]);
  });

  it("puts a character named in an action line in its frame, by name, nickname or a surname only they have", () => {
    const at = present(`INT. GARAGE - DAY

JOHN HALLORAN, 40s, wipes his hands. His friends call him Johnny.

MAYA
Johnny, the car.

JOHN HALLORAN
On it.

Maya waits by the door while Johnny works.

Halloran slams the hood.
`);
    expect(at("Maya waits")).toEqual(["MAYA", "JOHN HALLORAN"]);
    expect(at("slams the hood")).toEqual(["JOHN HALLORAN"]);
  });

  it("does not draw someone the line names only as the owner of another ('Tom's daughter')", () => {
    const names = ["TOM", "MAYA"];
    const action = (text: string) => charactersInBlock({ type: "action", text }, names);
    expect(action("MAYA, Tom's daughter, drives through the rain.")).toEqual(["MAYA"]);
    expect(action("Maya looks at Tom's old photo.")).toEqual(["MAYA"]);
    expect(action("Tom's hands shake as Maya holds them.")).toEqual(["TOM", "MAYA"]);
    expect(action("Tom watches Maya.")).toEqual(["TOM", "MAYA"]);
    expect(charactersInBlock({ type: "action", text: "His minion approaches offscreen: Maya turns." }, ["MINION", "MAYA"])).toEqual(["MAYA"]);
    expect(action("Tom calls out, unseen. Maya turns.")).toEqual(["MAYA"]);
    expect(action("Maya hears Tom offscreen.")).toEqual(["MAYA"]);
  });

  it("reads the off-screen cue from a script block's extension or a render block's delivery", () => {
    expect(spokenOffScreen({ type: "dialogue", text: "Hi", character: "A", extension: "V.O." })).toBe(true);
    expect(spokenOffScreen({ type: "dialogue", text: "Hi", character: "A", delivery: ["whispering", "O.S."] })).toBe(true);
    expect(spokenOffScreen({ type: "dialogue", text: "Hi", character: "A", delivery: ["CONT'D"] })).toBe(false);
    expect(spokenOffScreen({ type: "dialogue", text: "Hi", character: "A", delivery: ["into phone"] })).toBe(false);
    expect(charactersInBlock({ type: "dialogue", text: "Hi", character: "A", extension: "O.C." }, ["A"])).toEqual([]);
  });

  it("keeps a shared surname and a title out of the words that name someone", () => {
    const words = namesInAction(["SEAN O'NEILL", "MRS. O'NEILL", "FATHER MICHAEL"]);
    expect(words.get("SEAN O'NEILL")).toEqual(["SEAN O'NEILL", "SEAN"]);
    expect(words.get("MRS. O'NEILL")).toEqual(["MRS. O'NEILL"]);
    expect(words.get("FATHER MICHAEL")).toEqual(["FATHER MICHAEL", "MICHAEL"]);
  });

  it("shows the scene's people for a line about them that names none ('They drink', 'The men look at each other')", () => {
    const at = present(`EXT. PATIO - DAY

BRICK sits. STEEL brings two beers.

BRICK
Cold?

STEEL
Ice.

They drink long and well.

The men look at each other.

A bird lands on the fence.

INT. GARAGE - DAY

They speed off.
`);
    expect(at("They drink")).toEqual(["BRICK", "STEEL"]);
    expect(at("look at each other")).toEqual(["BRICK", "STEEL"]);
    expect(at("A bird lands")).toEqual([]);
    // A new scene has shown nobody yet.
    expect(at("They speed off")).toEqual([]);
  });

  it("on the gale script (fixtures/gale.fountain, rendered and looked at frame by frame): every frame's people", () => {
    const at = present(readFileSync(new URL("./fixtures/gale.fountain", import.meta.url), "utf8"));
    expect(at("climbs the iron ladder")).toEqual(["TOM"]);
    expect(at("Are you there")).toEqual(["TOM", "BISCUIT"]);
    expect(at("drives through the rain")).toEqual(["MAYA"]);
    expect(at("Hal walks")).toEqual(["MAYA", "TOM", "BISCUIT"]);
    expect(at("They hug")).toEqual(["MAYA", "TOM", "BISCUIT"]);
  });

  it("puts the listener of a two-person exchange behind the speaker (the over-the-shoulder shot), not a voice-over one", () => {
    const at = present(`EXT. PATIO - DAY

BRICK sits.

STEEL
Beer's ready!

BRICK
Are they cold?

Steel laughs.

MAYA (V.O.)
Years later, they still laughed.

BRICK
Ha.
`);
    expect(at("Beer's ready")).toEqual(["STEEL", "BRICK"]);
    expect(at("Are they cold")).toEqual(["BRICK", "STEEL"]);
    expect(at("Ha.")).toEqual(["BRICK"]);
  });
});
