import { castOrder, placeCast } from "./cast-order";

describe("the cast's places (docs/decisions.md#the-cast-keeps-its-places)", () => {
  it("orders a first draft by lines, then by name", () => {
    expect([...castOrder({ SAM: { lines: 3 }, ADA: { lines: 3 }, BO: { lines: 9 }, CY: {} })]).toEqual([
      ["BO", 0],
      ["ADA", 1],
      ["SAM", 2],
      ["CY", 3],
    ]);
  });

  it("keeps the places a later draft carries, and puts the rest after the highest", () => {
    // An inserted scene gives SAM the most lines: he keeps his place all the same.
    expect([...castOrder({ SAM: { lines: 20, castIndex: 2 }, BO: { lines: 9, castIndex: 0 }, EVE: { lines: 4 }, DAN: { lines: 8 } })]).toEqual([
      ["BO", 0],
      ["SAM", 2],
      ["DAN", 3],
      ["EVE", 4],
    ]);
  });

  it("places a draft's cast from the places known before, the gone names' too", () => {
    const known = { BO: 0, ADA: 1, SAM: 2, GONE: 3 };
    expect(placeCast(known, { SAM: { lines: 30 }, BO: { lines: 1 }, NEW: { lines: 2 }, MORE: { lines: 5 } })).toEqual({ SAM: 2, BO: 0, MORE: 4, NEW: 5 });
    expect(placeCast({}, { A: { lines: 1 }, B: { lines: 2 } })).toEqual({ B: 0, A: 1 });
  });
});
