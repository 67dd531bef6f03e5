import { sceneContinuity } from "./continuity";
import { sceneFacts } from "./story-facts";
import type { Block, SceneInfo } from "../screenplay/types";

const scene = (heading: string, interior: SceneInfo["interior"], location: string, timeOfDay: string | null): SceneInfo => ({
  heading,
  interior,
  location,
  timeOfDay,
});

describe("scene continuity", () => {
  const scenes: Record<string, SceneInfo> = {
    b0001: scene("EXT. LIGHTHOUSE - NIGHT", "EXT", "LIGHTHOUSE", "NIGHT"),
    b0005: scene("INT. LIGHTHOUSE - CONTINUOUS", "INT", "LIGHTHOUSE", "CONTINUOUS"),
    b0009: scene("INT. LAMP ROOM - MOMENTS LATER", "INT", "LAMP ROOM", "MOMENTS LATER"),
    b0012: scene("INT. KITCHEN", "INT", "KITCHEN", null),
    b0015: scene("EXT. BEACH - DAY (FLASHBACK)", "EXT", "BEACH", "DAY (FLASHBACK)"),
    b0020: scene("INT. BEDROOM - NIGHT - DREAM", "INT", "BEDROOM", "NIGHT - DREAM"),
    b0024: scene("INT./EXT. CAR - SAME", "INT/EXT", "CAR", "SAME"),
    b0030: scene("EXT. HARBOUR - DAWN", "EXT", "HARBOUR", "DAWN"),
  };
  const ids = Object.keys(scenes);
  const continuity = sceneContinuity(ids, scenes);

  it("carries the time of the scene before into CONTINUOUS, MOMENTS LATER, SAME and a heading without a time", () => {
    expect(continuity.b0005).toEqual({ timeOfDay: "night", continuesFrom: "b0001" });
    expect(continuity.b0009).toEqual({ timeOfDay: "night", continuesFrom: "b0005" });
    expect(continuity.b0012).toEqual({ timeOfDay: "night", continuesFrom: "b0009" });
    expect(continuity.b0024).toMatchObject({ timeOfDay: "night", continuesFrom: "b0020", insideAndOutside: true });
    expect(continuity.b0030).toEqual({ timeOfDay: "dawn" });
  });

  it("marks flashbacks and dreams, keeping the time they name", () => {
    expect(continuity.b0015).toEqual({ timeOfDay: "day", flashback: true });
    expect(continuity.b0020).toMatchObject({ dream: true });
    expect(continuity.b0001.flashback).toBeUndefined();
  });

  it("gives the first scene without a time no time rather than inventing one", () => {
    const first = { b0001: scene("INT. ROOM", "INT", "ROOM", null) };
    expect(sceneContinuity(["b0001"], first).b0001).toEqual({});
  });

  it("makes a continuing scene's facts inherit the time and the weather, unless its own lines name weather", () => {
    const stormy: Block[] = [{ id: "b0002", type: "action", text: "Rain lashes the lighthouse. The storm howls." }];
    const inside: Block[] = [{ id: "b0006", type: "action", text: "Tom climbs the stairs." }];
    const first = sceneFacts(1, scenes.b0001, stormy, continuity.b0001);
    const next = sceneFacts(2, scenes.b0005, inside, continuity.b0005, first);
    expect(first).toMatchObject({ timeOfDay: "night", weather: "a storm" });
    expect(next).toMatchObject({ timeOfDay: "night", weather: "a storm", continues: true });
    const snowy: Block[] = [{ id: "b0010", type: "action", text: "Snow drifts past the glass." }];
    expect(sceneFacts(3, scenes.b0009, snowy, continuity.b0009, next)).toMatchObject({ weather: "snow", timeOfDay: "night" });
    // A scene that does not continue never borrows weather.
    expect(sceneFacts(8, scenes.b0030, inside, continuity.b0030, next).weather).toBeUndefined();
  });
});
