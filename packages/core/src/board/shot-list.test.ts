import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { boardPanels, type BoardBlock } from "./panels";
import { SHOT_LIST_COLUMNS, shotListCsv } from "./shot-list";

/** A render made before shots existed: no block carries one. */
const blocks: BoardBlock[] = [
  { blockId: "b1", type: "scene_heading", text: "INT. OFFICE - NIGHT" },
  { blockId: "b2", type: "action", text: 'MARA stares at the ledger, "final" figures, = 42.' },
  { blockId: "b3", type: "parenthetical", text: "(quietly)", character: "MARA" },
  { blockId: "b4", type: "dialogue", text: "Café's closed, Jon.", character: "MARA" },
  { blockId: "b5", type: "transition", text: "CUT TO:" },
  { blockId: "b6", type: "shot", text: "INSERT - THE LEDGER", shot: { size: "close_up", angle: "high", movement: "static", number: "1D" } },
];
const clips = new Map(
  ["b1", "b2", "b4", "b6"].map((id, i) => [id, { durationMs: 1500 + i * 1000, frame: `images/000${i + 1}-${id}.jpg` }]),
);

describe("the board's panels and shot list", () => {
  it("derives shots the render never stored, keeps a stored one, and carries parentheticals and transitions with their panels", () => {
    const panels = boardPanels(blocks, ["MARA", "JON"], clips);
    expect(panels.map((p) => `${p.shot.number} ${p.shot.size}`)).toEqual(["1A wide", "1B close_up", "1C medium_close_up", "1D close_up"]);
    expect(panels[2].lines).toEqual([
      { kind: "dialogue", text: "Café's closed, Jon.", character: "MARA", parenthetical: "(quietly)" },
      { kind: "transition", text: "CUT TO:" },
    ]);
    expect(panels[1].characters).toEqual(["MARA"]);
  });

  it("keeps an action of several lines in one row (Brick & Steel's 'And then there's a long beat.' split it)", () => {
    const lines: BoardBlock[] = [
      { blockId: "b1", type: "scene_heading", text: "EXT. PATIO - DAY" },
      { blockId: "b2", type: "action", text: "A long beat.\nLonger than is funny.\nLong enough to be depressing." },
    ];
    const csv = shotListCsv(boardPanels(lines, [], clips));
    // Quoted, so a reader that takes any line break as a row's end (a spreadsheet, Python's csv) keeps one row.
    expect(csv).toContain('"A long beat.\nLonger than is funny.\nLong enough to be depressing."');
    expect(csv.split(/\r?\n/).filter((l) => /^\d/.test(l))).toHaveLength(2);
  });

  it("writes UTF-8 with a byte-order mark, a header, quoted cells and one row per panel", () => {
    const csv = shotListCsv(boardPanels(blocks, ["MARA", "JON"], clips));
    expect(csv.startsWith("\uFEFFScene,Heading,Shot,")).toBe(true);
    expect(csv).toContain("\r\n");
    const rows = parse(csv.slice(1)) as string[][];
    expect(rows[0]).toEqual([...SHOT_LIST_COLUMNS]);
    expect(rows).toHaveLength(5);
    expect(rows[2]).toEqual([
      "1",
      "INT. OFFICE - NIGHT",
      "1B",
      "Close-up",
      "Eye level",
      "Static",
      'MARA stares at the ledger, "final" figures, = 42.',
      "MARA",
      "",
      "2.5",
      "images/0002-b2.jpg",
    ]);
    expect(rows[3][8]).toBe("MARA (quietly): Café's closed, Jon.");
    expect(rows[3][6]).toBe("CUT TO:");
  });

  it("keeps a spreadsheet from running a cell as a formula", () => {
    const panels = boardPanels(
      [{ blockId: "x", type: "action", text: '=HYPERLINK("http://x")' }],
      [],
      new Map([["x", { durationMs: 1000, frame: "images/x.jpg" }]]),
    );
    expect((parse(shotListCsv(panels).slice(1)) as string[][])[1][6]).toBe('\'=HYPERLINK("http://x")');
  });
});
