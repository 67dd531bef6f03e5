import { IMAGE_PICKER_PAGE_SIZE, pageContaining, pageOf, searchBlocks, withChosenFirst } from "./image-picker";

const blocks = Array.from({ length: 20 }, (_, i) => ({ id: `b${i + 1}`, text: i % 3 === 0 ? `The DOOR opens ${i + 1}` : `Rain falls ${i + 1}` }));

describe("image picker list", () => {
  it("searches block text case-insensitively, ignoring surrounding spaces", () => {
    expect(searchBlocks(blocks, "door").map((b) => b.id)).toEqual(["b1", "b4", "b7", "b10", "b13", "b16", "b19"]);
    expect(searchBlocks(blocks, "  DoOr ")).toHaveLength(7);
    expect(searchBlocks(blocks, "rain falls 2")).toEqual([{ id: "b2", text: "Rain falls 2" }, { id: "b20", text: "Rain falls 20" }]);
    expect(searchBlocks(blocks, "")).toHaveLength(20);
    expect(searchBlocks(blocks, "nothing like this")).toEqual([]);
  });

  it("pages 8 at a time, clamping the page into range", () => {
    expect(IMAGE_PICKER_PAGE_SIZE).toBe(8);
    const first = pageOf(blocks, 1);
    expect(first.items.map((b) => b.id)).toEqual(["b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8"]);
    expect(first.pages).toBe(3);
    expect(pageOf(blocks, 3).items.map((b) => b.id)).toEqual(["b17", "b18", "b19", "b20"]);
    expect(pageOf(blocks, 9).page).toBe(3);
    expect(pageOf(blocks, 0).page).toBe(1);
    expect(pageOf([], 1)).toEqual({ items: [], page: 1, pages: 1 });
    expect(pageOf(searchBlocks(blocks, "door"), 1).pages).toBe(1);
  });

  it("opens on the page holding the chosen block", () => {
    expect(pageContaining(blocks, "b8")).toBe(1);
    expect(pageContaining(blocks, "b9")).toBe(2);
    expect(pageContaining(blocks, "b20")).toBe(3);
    expect(pageContaining(blocks, "missing")).toBe(1);
  });

  it("puts the chosen image first and keeps the others in order", () => {
    expect(withChosenFirst(["a", "b", "c"], "c")).toEqual(["c", "a", "b"]);
    expect(withChosenFirst(["a", "b", "c"], "a")).toEqual(["a", "b", "c"]);
  });
});
