import { type AnchorBlock, blockContentKey, carryAnchors } from "./carry";

const b = (blockId: string, type: string, text: string, character?: string): AnchorBlock => ({ blockId, type, text, character });

const draft1 = [
  b("b0001", "scene_heading", "INT. OFFICE - NIGHT"),
  b("b0002", "action", "The guard sleeps."),
  b("b0003", "dialogue", "Wake up.", "MARA"),
  b("b0004", "action", "He does not."),
  b("b0005", "dialogue", "Yes.", "MARA"),
  b("b0006", "dialogue", "Yes.", "MARA"),
];

const anchor = (blocks: AnchorBlock[], blockId: string) => {
  const index = blocks.findIndex((x) => x.blockId === blockId);
  return { blockId, blockKey: blockContentKey(blocks[index]), blockIndex: index };
};

describe("comments follow their block into a later render", () => {
  it("keys a block by its type, speaker and words, not its id or spacing", () => {
    expect(blockContentKey(b("b1", "action", "The  guard\nsleeps."))).toBe(blockContentKey(b("b9", "action", "The guard sleeps.")));
    expect(blockContentKey(b("b1", "dialogue", "Yes.", "MARA"))).not.toBe(blockContentKey(b("b1", "dialogue", "Yes.", "JON")));
    expect(blockContentKey(b("b1", "action", "Yes."))).not.toBe(blockContentKey(b("b1", "dialogue", "Yes.")));
  });

  it("finds an unchanged block at its new id when a block is inserted before it", () => {
    const draft2 = [draft1[0], b("b0002", "action", "Rain on the glass."), ...draft1.slice(1).map((x, i) => ({ ...x, blockId: `b000${i + 3}` }))];
    const [carried] = carryAnchors([anchor(draft1, "b0003")], draft1, draft2);
    expect(carried).toEqual({ blockId: "b0004", outdated: false });
  });

  it("marks a changed block outdated and shows it on the block that replaced it", () => {
    const draft2 = draft1.map((x) => (x.blockId === "b0004" ? { ...x, text: "He snores louder." } : x));
    expect(carryAnchors([anchor(draft1, "b0004"), anchor(draft1, "b0002")], draft1, draft2)).toEqual([
      { blockId: "b0004", outdated: true },
      { blockId: "b0002", outdated: false },
    ]);
  });

  it("keeps no block for a removed one, outdated", () => {
    const draft2 = draft1.filter((x) => x.blockId !== "b0004");
    expect(carryAnchors([anchor(draft1, "b0004")], draft1, draft2)).toEqual([{ blockId: null, outdated: true }]);
  });

  it("picks the nearest of blocks that read the same", () => {
    expect(carryAnchors([anchor(draft1, "b0006"), anchor(draft1, "b0005")], draft1, draft1)).toEqual([
      { blockId: "b0006", outdated: false },
      { blockId: "b0005", outdated: false },
    ]);
  });

  it("leaves a comment on no frame where it was", () => {
    expect(carryAnchors([{ blockId: null }], draft1, draft1)).toEqual([{ blockId: null, outdated: false }]);
  });
});
