import { parseScreenplay } from "../screenplay/parse";
import { generateFeatureFdx } from "../screenplay/fixtures/long";
import type { Block } from "../screenplay/types";
import { diffDrafts, splitScenes } from "./diff";

const fountain = (text: string) => parseScreenplay(new TextEncoder().encode(text), "draft.fountain").blocks;

const scene = (n: number, extra = "") => `
INT. ROOM ${n} - DAY

Rain taps the window of room ${n}. Somebody waits by the door ${extra}

ROSE
(quietly)
Room ${n} again. I know every crack in this ceiling.

SAM
Then tell me which one you count first.
`;

const draft = (scenes: string[]) => `Title: Rooms\n\n${scenes.join("\n")}`;
const TEN = Array.from({ length: 10 }, (_, i) => scene(i + 1));

describe("the diff of two drafts", () => {
  it("finds nothing changed between a draft and itself", () => {
    const blocks = fountain(draft(TEN));
    const diff = diffDrafts(blocks, blocks, { from: 1, to: 2 });
    expect(diff.counts).toEqual({ added: 0, removed: 0, moved: 0, changed: 0, unchanged: 10 });
  });

  it("marks an inserted scene as added and no other", () => {
    const next = [...TEN.slice(0, 4), scene(99), ...TEN.slice(4)];
    const diff = diffDrafts(fountain(draft(TEN)), fountain(draft(next)), { from: 1, to: 2 });
    expect(diff.counts).toEqual({ added: 1, removed: 0, moved: 0, changed: 0, unchanged: 10 });
    expect(diff.scenes[4]).toMatchObject({ state: "added", heading: "INT. ROOM 99 - DAY", toNumber: 5, fromNumber: null });
    expect(diff.scenes[5]).toMatchObject({ state: "unchanged", fromNumber: 5, toNumber: 6 });
  });

  it("marks a deleted scene as removed, in the place it was", () => {
    const next = TEN.filter((_, i) => i !== 2);
    const diff = diffDrafts(fountain(draft(TEN)), fountain(draft(next)), { from: 1, to: 2 });
    expect(diff.counts).toEqual({ added: 0, removed: 1, moved: 0, changed: 0, unchanged: 9 });
    expect(diff.scenes.map((s) => s.state).indexOf("removed")).toBe(2);
    expect(diff.scenes[2]).toMatchObject({ heading: "INT. ROOM 3 - DAY", fromNumber: 3, toNumber: null });
  });

  it("marks a scene moved elsewhere as moved and leaves the rest in order", () => {
    const next = [...TEN.slice(0, 2), ...TEN.slice(3, 8), TEN[2], ...TEN.slice(8)];
    const diff = diffDrafts(fountain(draft(TEN)), fountain(draft(next)), { from: 1, to: 2 });
    expect(diff.counts).toEqual({ added: 0, removed: 0, moved: 1, changed: 0, unchanged: 9 });
    expect(diff.scenes.find((s) => s.state === "moved")).toMatchObject({ heading: "INT. ROOM 3 - DAY", fromNumber: 3, toNumber: 8 });
  });

  it("shows a changed parenthetical as a changed block with its words", () => {
    const next = [...TEN];
    next[6] = next[6].replace("(quietly)", "(shouting)");
    const diff = diffDrafts(fountain(draft(TEN)), fountain(draft(next)), { from: 1, to: 2 });
    expect(diff.counts).toEqual({ added: 0, removed: 0, moved: 0, changed: 1, unchanged: 9 });
    const changed = diff.scenes[6].blocks.filter((b) => b.state !== "unchanged");
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ state: "changed", type: "parenthetical", character: "ROSE" });
    expect(changed[0].words?.filter((w) => w.change !== "same").map((w) => [w.change, w.text.trim()])).toEqual([
      ["removed", "quietly"],
      ["added", "shouting"],
    ]);
  });

  it("shows a renamed character's lines as changed speakers with the same words", () => {
    const renamed = TEN.map((s) => s.replace("ROSE", "ROSALIND"));
    const diff = diffDrafts(fountain(draft(TEN)), fountain(draft(renamed)), { from: 1, to: 2 });
    expect(diff.counts.changed).toBe(10);
    const changed = diff.scenes[0].blocks.filter((b) => b.state === "changed");
    expect(changed.map((b) => [b.type, b.character, b.previousCharacter])).toEqual([
      ["parenthetical", "ROSALIND", "ROSE"],
      ["dialogue", "ROSALIND", "ROSE"],
    ]);
    expect(changed[1].words?.every((w) => w.change === "same")).toBe(true);
  });

  it("lists an added and a removed line inside a changed scene", () => {
    const next = [...TEN];
    next[1] = next[1].replace(
      "SAM\nThen tell me which one you count first.\n",
      "SAM\nThen tell me which one you count first.\n\nROSE\nThe one over the bed.\n",
    );
    next[3] = next[3].replace("Rain taps the window of room 4. Somebody waits by the door \n\n", "");
    const diff = diffDrafts(fountain(draft(TEN)), fountain(draft(next)), { from: 1, to: 2 });
    expect(diff.counts).toEqual({ added: 0, removed: 0, moved: 0, changed: 2, unchanged: 8 });
    expect(diff.scenes[1].blocks.filter((b) => b.state !== "unchanged")).toMatchObject([
      { state: "added", character: "ROSE", text: "The one over the bed." },
    ]);
    expect(diff.scenes[3].blocks.filter((b) => b.state !== "unchanged")).toMatchObject([{ state: "removed", type: "action" }]);
  });

  it("on the generated feature: one rewritten scene and one inserted scene change only themselves", () => {
    const blocks = parseScreenplay(new TextEncoder().encode(generateFeatureFdx(112)), "feature.fdx").blocks;
    const scenes = splitScenes(blocks);
    const target = scenes[40].blocks.find((b) => b.type === "dialogue")!;
    const inserted: Block[] = [
      { id: "n1", type: "scene_heading", text: "EXT. LIGHTHOUSE - NIGHT" },
      { id: "n2", type: "action", text: "A beam sweeps the water." },
    ];
    const at = blocks.indexOf(scenes[70].blocks[0]);
    const next = blocks.map((b) => (b === target ? { ...b, text: `${b.text} And then the sea.` } : b));
    next.splice(at, 0, ...inserted);
    const diff = diffDrafts(blocks, next, { from: 1, to: 2 });
    expect(diff.counts).toEqual({ added: 1, removed: 0, moved: 0, changed: 1, unchanged: scenes.length - 1 });
    expect(diff.scenes[40].state).toBe("changed");
    expect(diff.scenes[70].state).toBe("added");
  });
});
