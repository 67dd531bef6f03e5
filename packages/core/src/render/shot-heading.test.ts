import { describe, expect, it } from "vitest";
import type { DescribedScenes } from "./screenplay-snapshot";
import { isShotHeading, placeScene } from "./shot-heading";

const scenes: DescribedScenes = {
  b0002: { heading: "EXT. BRICK'S POOL - NIGHT", interior: "EXT", location: "BRICK'S POOL", timeOfDay: "NIGHT" },
  b0010: { heading: "SNIPER SCOPE POV", interior: null, location: "SNIPER SCOPE POV", timeOfDay: null },
  b0012: { heading: "INSERT - THE SCOPE'S DIAL", interior: null, location: "INSERT", timeOfDay: null },
  b0100: { heading: "OPENING TITLES", interior: null, location: "OPENING TITLES", timeOfDay: null },
  b0101: { heading: "CLOSE ON THE BEER", interior: null, location: "CLOSE ON THE BEER", timeOfDay: null },
};

describe("a heading that is a shot (docs/decisions.md#title-cards-and-shots-within-a-scene)", () => {
  it("is a camera word without INT./EXT.", () => {
    expect(isShotHeading(scenes.b0010)).toBe(true);
    expect(isShotHeading({ heading: "ANGLE ON THE DOOR", interior: null })).toBe(true);
    expect(isShotHeading(scenes.b0100)).toBe(false);
    expect(isShotHeading({ heading: "INT. INSERT COIN ARCADE - DAY", interior: "INT" })).toBe(false);
  });

  it("is drawn in the place, time and light of the scene it sits in, past other shots, in script order", () => {
    expect(placeScene("b0010", scenes)).toBe(scenes.b0002);
    expect(placeScene("b0012", scenes)).toBe(scenes.b0002);
    // A shot after a heading that is not a shot continues that one, whatever it is.
    expect(placeScene("b0101", scenes)).toBe(scenes.b0100);
    expect(placeScene("b0002", scenes)).toBe(scenes.b0002);
    // A shot with no scene before it keeps its own heading.
    expect(placeScene("b0010", { b0010: scenes.b0010 })).toBe(scenes.b0010);
    expect(placeScene(undefined, scenes)).toBeUndefined();
  });
});
