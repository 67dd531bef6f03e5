import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseScreenplay } from "../screenplay/parse";
import { generateFeatureFdx } from "../screenplay/fixtures/long";
import { BATCH_TASKS, type BlockTask, toBatches } from "./batches";
import { hasMedia } from "./jobs";

/** Step Functions' limit on a state's input and output. */
const STATE_LIMIT = 256 * 1024;
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe("generate Map payloads at 200 pages (docs/decisions.md#scale)", () => {
  const parsed = parseScreenplay(new TextEncoder().encode(generateFeatureFdx(200)), "feature.fdx");
  const renderJobId = randomUUID();
  const tasks: BlockTask[] = parsed.blocks.filter(hasMedia).flatMap((b) => [
    { renderJobId, blockId: b.id, kind: "image" as const },
    { renderJobId, blockId: b.id, kind: "audio" as const },
  ]);

  it("keeps the Map's input far inside 256 KB, where the inline block list would not fit", () => {
    expect(parsed.pageCount).toBeGreaterThanOrEqual(190);
    expect(bytes({ renderJobId, items: tasks })).toBeGreaterThan(STATE_LIMIT);
    const items = toBatches(tasks).map((_, batch) => ({ renderJobId, batch }));
    expect(bytes({ renderJobId, items })).toBeLessThan(STATE_LIMIT / 4);
  });

  it("cuts the work into fixed batches that lose and repeat nothing", () => {
    const batches = toBatches(tasks);
    expect(batches.every((b) => b.length <= BATCH_TASKS)).toBe(true);
    expect(batches.flat()).toEqual(tasks);
    // A batch item and a batch file are small too.
    expect(bytes(batches[0])).toBeLessThan(4 * 1024);
  });
});
