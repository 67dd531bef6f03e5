import { afterAll, describe, expect, it } from "vitest";
import { backtrackingBombs, largeShapes, randomMutations } from "./fixtures/hostile";
import { stopTimedParse, timedParse } from "./fixtures/timed-parse";

// Each parse runs in a worker thread that is stopped at its deadline, so a
// pattern that backtracks fails the test instead of hanging it. The bounds are
// generous for a busy two-core machine: a linear parser needs a small fraction.
const SMALL_FILE_MS = 3_000;
const TEN_MB_FILE_MS = 30_000;

afterAll(stopTimedParse);

describe("parsers stay fast and answer on hostile files", () => {
  it.each(backtrackingBombs().map((f) => [f.name, f] as const))("%s: parsed or refused within the bound", async (_name, f) => {
    const result = await timedParse(f.bytes, f.fileName, SMALL_FILE_MS);
    expect(result.outcome, JSON.stringify(result)).toMatch(/^(parsed|refused)$/);
  });

  it.each(largeShapes().map((f) => [f.name, f] as const))("%s: parsed or refused within the bound", async (_name, f) => {
    const result = await timedParse(f.bytes, f.fileName, TEN_MB_FILE_MS);
    expect(result.outcome, JSON.stringify({ ...result, message: undefined })).toMatch(/^(parsed|refused)$/);
  });

  it("random mutations of every format are parsed or refused with a 4xx, each within the bound", async () => {
    const slow: string[] = [];
    for (const f of randomMutations(40)) {
      const result = await timedParse(f.bytes, f.fileName, SMALL_FILE_MS);
      if (result.outcome !== "parsed" && result.outcome !== "refused") slow.push(`${f.name}: ${JSON.stringify(result)}`);
    }
    expect(slow).toEqual([]);
  });
});
