import { describe, expect, it } from "vitest";
import { posesOf, propsOf } from "./frame-poses";
import { PLACE_COUNT, PLACE_NAMES, settingOf } from "./frame-settings";
import { drawingPlan } from "./frame-subjects";
import { sceneSvg } from "./image";
import { animalInDescription } from "../../screenplay/animals";
import { type FixtureRequest, imageRequest } from "./fixtures/image-request";

/** A pipeline request in a scene, its cast and the scene's description given in order. */
const request = (heading: string, moment: string, cast: FixtureRequest["cast"] = [], description = "") =>
  imageRequest({ heading, moment, cast, description });

describe("the settings library (docs/decisions.md#offline-frames-follow-the-story)", () => {
  it("knows at least 60 places, the issue's list among them", () => {
    expect(PLACE_COUNT).toBeGreaterThanOrEqual(60);
    const wanted = ["lighthouse", "harbour", "ship", "sea", "beach", "forest", "street", "car interior", "diner", "office", "bedroom", "kitchen", "hospital", "police station", "church", "bar", "school", "train", "plane cabin", "desert", "mountain", "snow"];
    expect(wanted.filter((p) => !PLACE_NAMES.includes(p))).toEqual([]);
  });

  it.each([
    ["EXT. LIGHTHOUSE - NIGHT", "lighthouse", "lighthouse"],
    ["EXT. HARBOR - DAY", "harbour", "boats"],
    ["EXT. SHIP'S DECK - DAY", "ship", "ship-deck"],
    ["EXT. OPEN SEA - DAY", "sea", "open-sea"],
    ["EXT. BEACH - DAY", "beach", "palms"],
    ["EXT. FOREST - DAY", "forest", "trees"],
    ["EXT. MAIN STREET - DAY", "street", "road"],
    ["INT. TOM'S CAR - NIGHT", "car interior", "car"],
    ["INT. JOE'S DINER - DAY", "diner", "stools"],
    ["INT. OFFICE - DAY", "office", "desk"],
    ["INT. MAYA'S BEDROOM - NIGHT", "bedroom", "bed"],
    ["INT. KITCHEN - DAY", "kitchen", "kitchen-units"],
    ["INT. HOSPITAL ROOM - DAY", "hospital", "hospital-bed"],
    ["INT. POLICE STATION - DAY", "police station", "notice-board"],
    ["INT. CHURCH - DAY", "church", "pews"],
    ["INT. BAR - NIGHT", "bar", "bottle-shelves"],
    ["INT. SCHOOL CLASSROOM - DAY", "school", "blackboard"],
    ["INT. TRAIN - DAY", "train", "train"],
    ["INT. PLANE - NIGHT", "plane cabin", "plane"],
    ["EXT. DESERT - DAY", "desert", "dunes"],
    ["EXT. MOUNTAIN PASS - DAWN", "mountain", "peaks"],
    ["EXT. SNOWFIELD - DAY", "snow", "snowfield"],
    ["EXT. COURTYARD - DAY", "town square", "shopfronts"],
  ])("draws %s as the %s", (heading, place, element) => {
    const plan = drawingPlan(request(heading, "Nothing moves."));
    expect(plan).toMatchObject({ place, placeKnown: true });
    expect(plan.elements).toContain(element);
  });

  it("takes the room named last indoors", () => {
    expect(settingOf("LIGHTHOUSE KITCHEN", true).place).toBe("kitchen");
    expect(settingOf("POLICE STATION - INTERROGATION ROOM", true).place).toBe("interrogation room");
    expect(settingOf("LIGHTHOUSE KITCHEN", false).place).toBe("lighthouse");
  });

  it("falls back to the closest kind for a place it does not know", () => {
    expect(settingOf("THE OLD WATERFRONT", false)).toMatchObject({ matched: false, ground: "water" });
    expect(settingOf("OUTSKIRTS OF TOWN", false)).toMatchObject({ matched: false, ground: "city" });
    expect(settingOf("THE MOORS", false)).toMatchObject({ matched: false, ground: "nature" });
    expect(settingOf("THE VOID", false)).toMatchObject({ matched: false, ground: "open" });
    expect(settingOf("THE VOID", true)).toMatchObject({ matched: false, shell: "room" });
    expect(drawingPlan(request("EXT. THE OLD WATERFRONT - DAY", "Gulls.")).place).toBe("water (closest kind)");
  });
});

describe("weather and light from the scene facts", () => {
  it("reads the gale at the lighthouse as a storm with wind, at night", () => {
    const plan = drawingPlan(request("EXT. LIGHTHOUSE - NIGHT", "Waves hit the rocks.", [], "Scene 1. Lighthouse, night. In a storm."));
    expect(plan).toMatchObject({ place: "lighthouse", light: "night", weather: ["storm", "wind"] });
  });

  it.each([
    ["EXT. FIELD - DAWN", "dawn"],
    ["EXT. FIELD - DUSK", "dusk"],
    ["EXT. FIELD - GOLDEN HOUR", "golden"],
    ["EXT. FIELD - NIGHT", "night"],
    ["EXT. FIELD - DAY", "day"],
  ])("lights %s as %s", (heading, light) => {
    expect(drawingPlan(request(heading, "Grass.")).light).toBe(light);
  });

  it.each([
    ["Rain hammers the glass.", "rain"],
    ["Snow falls.", "snow"],
    ["Fog rolls in.", "fog"],
    ["The wind howls.", "wind"],
  ])("shows %s as %s, indoors in the windows", (moment, weather) => {
    const req = request("INT. KITCHEN - DAY", moment);
    expect(drawingPlan(req)).toMatchObject({ interior: true, weather: [weather] });
    // Indoors the weather is clipped to the window panes.
    if (weather !== "wind") expect(sceneSvg(req)).toContain('<g class="pane">');
  });
});

describe("poses and props", () => {
  it.each([
    ["sits", "sit"], ["stands", "stand"], ["lies on the floor", "lie"], ["runs", "run"], ["walks in", "walk"], ["kneels", "kneel"],
    ["climbs the ladder", "climb"], ["drinks a beer", "drink"], ["holds the letter", "hold"], ["looks at the sea", "look"],
  ])("draws TOM who %s as %s", (verb, pose) => {
    const plan = drawingPlan(request("INT. OFFICE - DAY", `TOM ${verb}.`, [["TOM", "A man", "male"]]));
    expect(plan.figures).toEqual([{ name: "TOM", kind: "person", pose }]);
  });

  it("gives each person their own verb, and hugs and fights to both", () => {
    expect([...posesOf("MAYA sits. TOM runs to her.", ["MAYA", "TOM"])]).toEqual([["MAYA", "sit"], ["TOM", "run"]]);
    expect([...posesOf("MAYA hugs TOM.", ["MAYA", "TOM"])]).toEqual([["MAYA", "hug"], ["TOM", "hug"]]);
    // A sentence about all of them ("They hug") poses everyone it does not pose otherwise.
    expect([...posesOf("They hug.", ["MAYA", "TOM"])]).toEqual([["MAYA", "hug"], ["TOM", "hug"]]);
    // The same words as show them all in the frame (render/characters-in-block.ts): "the guys" are everyone too.
    expect([...posesOf("The guys sit.", ["BRICK", "STEEL"])]).toEqual([["BRICK", "sit"], ["STEEL", "sit"]]);
    expect([...posesOf("Tom sits. They laugh.", ["MAYA", "TOM"])]).toEqual([["MAYA", "stand"], ["TOM", "sit"]]);
    expect([...posesOf("TOM fights LEO in the mud.", ["TOM", "LEO"])]).toEqual([["TOM", "fight"], ["LEO", "fight"]]);
  });

  it("follows a pronoun when one person is in the block: he sits beside the dead lamp", () => {
    const plan = drawingPlan(request("INT. LIVING ROOM - NIGHT", "He sits beside the dead lamp.", [["TOM", "A man", "male"]]));
    expect(plan.figures[0].pose).toBe("sit");
    expect(plan.props).toEqual([{ kind: "lamp", state: "dead" }]);
  });

  it("reads a lamp lit or dead and a door open or closed", () => {
    expect(propsOf("The lamp flickers out.")).toEqual([{ kind: "lamp", state: "dead" }]);
    expect(propsOf("She lights the lamp.")).toEqual([{ kind: "lamp", state: "lit" }]);
    expect(propsOf("The door swings open.")).toEqual([{ kind: "door", state: "open" }]);
    expect(propsOf("He opens the door. It slams shut behind him.")).toEqual([{ kind: "door", state: "closed" }]);
    expect(propsOf("A quiet room.")).toEqual([]);
  });

  it("draws a dead lamp without its glow, and a lit one with it", () => {
    const dead = sceneSvg(request("INT. LIVING ROOM - NIGHT", "TOM sits beside the dead lamp.", [["TOM", "A man", "male"]]));
    const lit = sceneSvg(request("INT. LIVING ROOM - NIGHT", "TOM sits beside the lamp.", [["TOM", "A man", "male"]]));
    expect(dead).not.toContain('fill="url(#lamp)"');
    expect(lit).toContain('fill="url(#lamp)"');
  });

  it("draws an open door as a dark doorway", () => {
    const open = sceneSvg(request("INT. OFFICE - DAY", "The door is open.", []));
    const shut = sceneSvg(request("INT. OFFICE - DAY", "The door is shut.", []));
    expect(open).not.toEqual(shut);
    expect(drawingPlan(request("INT. OFFICE - DAY", "The door is open.")).props).toEqual([{ kind: "door", state: "open" }]);
  });
});

describe("animals are animals", () => {
  it("draws a character whose description says dog as a dog, and a man with a dog as a man", () => {
    const plan = drawingPlan(request("EXT. PARK - DAY", "BISCUIT shelters under a bench. TOM walks.", [["BISCUIT", "Biscuit, a scruffy dog", "male"], ["TOM", "A man with a dog", "male"]]));
    expect(plan.figures).toEqual([
      { name: "BISCUIT", kind: "animal", species: "dog", pose: "stand" },
      { name: "TOM", kind: "person", pose: "walk" },
    ]);
  });

  it("reads a writer's edited description", () => {
    expect(animalInDescription("REX", "A golden retriever with one ear")).toEqual({ species: "retriever", shape: "small" });
    expect(animalInDescription("MOLLY", "Molly, a grey mare, old and slow")).toEqual({ species: "mare", shape: "large" });
    expect(animalInDescription("PIP", "A sparrow")).toMatchObject({ shape: "bird" });
    expect(animalInDescription("KIT", "Kit, a cat")).toMatchObject({ species: "cat" });
    expect(animalInDescription("TOM", "Tom Halloran, a man in his 60s, the keeper of the dog")).toBeUndefined();
  });
});

describe("what else a frame shows comes from its moment, not from the scene's opening or a spoken line", () => {
  it("does not draw the scene's opening beer and stranger in a later frame of it", () => {
    const plan = drawingPlan(request("EXT. PALATIAL MANSION - DAY", "THE END", [], "It opens on: An EXTREMELY HANDSOME MAN drinks a beer."));
    expect(plan.figures).toEqual([]);
    expect(sceneSvg(request("EXT. PALATIAL MANSION - DAY", "THE END", [], "It opens on: A man drinks a beer."))).toBe(
      sceneSvg(request("EXT. PALATIAL MANSION - DAY", "THE END")),
    );
  });

  it("draws no bear or sparrow for one a character speaks of, but does for one the action shows", () => {
    const line = { ...request("EXT. WOODS - DAY", "Does a bear crap in the woods?", [["STEEL", "Dick Steel, a man", "male"]]), blockType: "dialogue" };
    expect(drawingPlan(line).figures.map((f) => f.kind)).toEqual(["person"]);
    const action = request("EXT. WOODS - DAY", "A bear lumbers past Steel.", [["STEEL", "Dick Steel, a man", "male"]]);
    expect(drawingPlan(action).figures.map((f) => f.species ?? f.kind)).toEqual(["person", "bear"]);
  });
});
