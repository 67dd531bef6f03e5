import { batchWriteAll, UnprocessedItemsError } from "./batch";

type Item = { id: string };
const items = (n: number): Item[] => Array.from({ length: n }, (_, i) => ({ id: `i${i}` }));

/** A fake batch writer that leaves `drop(call)` items of each call unprocessed. */
function writer(drop: (call: number, batch: Item[]) => Item[]) {
  const written: string[] = [];
  let call = 0;
  const write = (batch: Item[]) => ({
    go: async () => {
      const left = drop(call++, batch);
      written.push(...batch.filter((i) => !left.includes(i)).map((i) => i.id));
      return { unprocessed: left.map((i) => ({ ...i })) };
    },
  });
  return { write, written };
}

describe("batchWriteAll", () => {
  it("sends the unprocessed items again until every item is written", async () => {
    const { write, written } = writer((call, batch) => (call < 2 ? batch.slice(0, 3) : []));
    await batchWriteAll(write, items(30), (i) => i.id);
    expect(new Set(written)).toEqual(new Set(items(30).map((i) => i.id)));
  });

  it("fails loudly when items stay unprocessed", async () => {
    const { write } = writer((_, batch) => batch.slice(0, 1));
    await expect(batchWriteAll(write, items(5), (i) => i.id, 3)).rejects.toBeInstanceOf(UnprocessedItemsError);
  });
});
