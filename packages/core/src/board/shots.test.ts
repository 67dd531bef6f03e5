import { describe, expect, it } from "vitest";
import { deriveShots, isShotLine, shotLetters, type ScriptBlock } from "./shots";

let next = 0;
/**
 * The blocks of a script written one a line: `type: text` ("action: The kettle whistles."), or with the
 * speaker for a line of dialogue or a parenthetical ("dialogue ANNA: Who's there?").
 */
const script = (lines: string): ScriptBlock[] =>
  lines
    .trim()
    .split("\n")
    .map((line) => {
      const [, type, character, text] = /^\s*(\w+)(?: ([^:]+))?: (.*)$/.exec(line) ?? [];
      if (!type) throw new Error(`Not a block: ${line}`);
      return { id: `b${String(++next).padStart(4, "0")}`, type, text, character };
    });
const framing = (blocks: ScriptBlock[], names: string[] = []) => {
  const shots = deriveShots(blocks, names);
  return blocks.map((x) => shots.get(x.id)).map((s) => (s ? `${s.number} ${s.size} ${s.angle} ${s.movement}` : undefined));
};

describe("shot numbers", () => {
  it("letters run A to Z without I and O, then AA", () => {
    expect([0, 1, 7, 8, 13, 22, 23, 24, 25].map(shotLetters)).toEqual(["A", "B", "H", "J", "P", "Y", "Z", "AA", "AB"]);
  });

  it("numbers shots by scene and leaves parentheticals and transitions without one", () => {
    const blocks = script(`
      scene_heading: INT. KITCHEN - NIGHT
      action: The kettle whistles.
      dialogue ANNA: Who's there?
      parenthetical ANNA: (quietly)
      transition: CUT TO:
      scene_heading: EXT. YARD - NIGHT
      action: Wind in the washing.
    `);
    expect(framing(blocks).map((f) => f?.split(" ")[0])).toEqual(["1A", "1B", "1C", undefined, undefined, "2A", "2B"]);
  });

  it("counts blocks before the first heading as scene 1 without repeating a number", () => {
    const blocks = script(`
      action: Black. A heartbeat.
      scene_heading: INT. WARD - DAY
      action: Monitors.
    `);
    expect(framing(blocks).map((f) => f?.split(" ")[0])).toEqual(["1A", "1B", "1C"]);
  });
});

describe("shot rules", () => {
  it("opens a scene on an establishing wide: the whole place outdoors", () => {
    const blocks = script(`
      scene_heading: EXT. HARBOUR - DAWN
      scene_heading: INT. OFFICE - DAY
    `);
    expect(framing(blocks)).toEqual(["1A extreme_wide eye_level static", "2A wide eye_level static"]);
  });

  it("follows explicit shot lines, as shot blocks or as action in capitals", () => {
    const blocks = script(`
      scene_heading: INT. OFFICE - NIGHT
      shot: CLOSE ON MARA'S HANDS
      action: INSERT - THE LEDGER. A column of figures, one circled.
      shot: MARA'S POV - the door handle turns.
      action: WIDE - the office, small under the lamp.
      shot: ANGLE ON THE DOOR
      shot: OVER THE SHOULDER - Mara watches the door.
      shot: LOW ANGLE - the stranger fills the doorway.
      shot: EXTREME CLOSE-UP - her eye. We PUSH IN.
      shot: BACK TO SCENE
      action: Close on the table, she waits.
    `);
    expect(framing(blocks, ["MARA"])).toEqual([
      "1A wide eye_level static",
      "1B close_up eye_level static",
      "1C insert eye_level static",
      "1D medium pov static",
      "1E wide eye_level static",
      "1F medium eye_level static",
      "1G medium_close_up over_the_shoulder static",
      "1H medium low static",
      "1J extreme_close_up eye_level push_in",
      "1K wide eye_level static",
      // Not in capitals: an action line, with nobody named, seen wide.
      "1L wide eye_level static",
    ]);
    expect(isShotLine(script("action: Close on the table, she waits.")[0])).toBe(false);
  });

  it("covers a two-person exchange with over-the-shoulder pairs and a group with singles", () => {
    const blocks = script(`
      scene_heading: INT. CAR - NIGHT
      action: Rain on the windscreen.
      dialogue ANNA: You came.
      parenthetical BEN: (beat)
      dialogue BEN: I said I would.
      action: Silence. Then the radio crackles.
      dialogue RADIO: All units.
      dialogue ANNA: Turn it off.
      dialogue BEN: No.
      action: Pause.
      dialogue ANNA: Fine.
    `);
    expect(framing(blocks, ["ANNA", "BEN", "RADIO"]).filter((_, i) => blocks[i].type === "dialogue")).toEqual([
      "1C medium_close_up over_the_shoulder static",
      "1D medium_close_up over_the_shoulder static",
      "1F medium eye_level static",
      "1G medium eye_level static",
      "1H medium eye_level static",
      // A line on its own: a single.
      "1K medium_close_up eye_level static",
    ]);
  });

  it("pushes in on a long speech", () => {
    const speech = Array.from({ length: 70 }, () => "word").join(" ");
    const blocks = script(`
      scene_heading: INT. HALL - DAY
      dialogue MAYOR: ${speech}
    `);
    expect(framing(blocks)[1]).toBe("1B medium_close_up eye_level push_in");
  });

  it("frames a character alone by what they do: a face in close-up, a body in a medium", () => {
    const blocks = script(`
      scene_heading: INT. FLAT - NIGHT
      action: The room is dark.
      action: MARA stares at the phone, eyes wide.
      action: MARA grabs her coat and runs.
      action: MARA and JON face each other.
      action: JON, TRACKING with him down the stairs, takes them two at a time.
    `);
    expect(framing(blocks, ["MARA", "JON"]).slice(1)).toEqual([
      "1B wide eye_level static",
      "1C close_up eye_level static",
      "1D medium eye_level static",
      "1E full eye_level static",
      "1F medium eye_level track",
    ]);
  });

  it("holds a face that fills the frame in close-up, whoever the line names, and frames a shot heading as its shot", () => {
    const blocks = script(`
      scene_heading: EXT. BRICK'S POOL - DAY
      action: Steel paces by the pool.
      scene_heading: SNIPER SCOPE POV
      action: From what seems like only INCHES AWAY. Steel's face FILLS the Leupold Mark 4 scope.
      action: BRICK and STEEL, in close-up, both grin.
      action: An extreme close-up of the trigger.
      action: BRICK and STEEL face the pool.
    `);
    expect(framing(blocks, ["BRICK", "STEEL"]).slice(2)).toEqual([
      "2A medium pov static",
      "2B close_up eye_level static",
      "2C close_up eye_level static",
      "2D extreme_close_up eye_level static",
      "2E full eye_level static",
    ]);
  });

  it("takes a scene's first frame wide when there is no heading to establish it", () => {
    const blocks = script(`
      action: MARA runs through the crowd.
    `);
    expect(framing(blocks, ["MARA"])).toEqual(["1A wide eye_level static"]);
  });

  it("counts only those who speak: a cue with a parenthetical and no line leaves the speech before it a single", () => {
    // Night Shift's "JANITOR (silent)": an over-the-shoulder from behind him had no one to draw behind.
    const blocks = script(`
      scene_heading: INT. OFFICE - NIGHT
      parenthetical PROGRAMMER: (drowsy)
      dialogue PROGRAMMER: What algorithm is this?
      parenthetical JANITOR: (silent)
      action: The janitor shrugs.
    `);
    expect(framing(blocks, ["PROGRAMMER", "JANITOR"])[2]).toBe("1B medium_close_up eye_level static");
  });
});
