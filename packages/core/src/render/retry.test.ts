import { mapWithLimit } from "./concurrency";
import { withRetries } from "./retry";

describe("withRetries", () => {
  it("retries a failing call and returns its first success", async () => {
    let calls = 0;
    const value = await withRetries(async () => (++calls < 3 ? Promise.reject(new Error("flaky")) : "ok"), 3, 1);
    expect([value, calls]).toEqual(["ok", 3]);
  });

  it("gives up after the attempts, and at once on an error that cannot succeed", async () => {
    let calls = 0;
    await expect(withRetries(async () => Promise.reject(new Error(`no ${++calls}`)), 3, 1)).rejects.toThrow("no 3");
    calls = 0;
    const final = Object.assign(new Error("invalid key"), { retryable: false });
    await expect(withRetries(async () => (++calls, Promise.reject(final)), 3, 1)).rejects.toThrow("invalid key");
    expect(calls).toBe(1);
  });
});

describe("mapWithLimit", () => {
  it("keeps the order and never runs more than the limit at once", async () => {
    let running = 0;
    let peak = 0;
    const out = await mapWithLimit([5, 1, 4, 2, 3], 2, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, n));
      running--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30]);
    expect(peak).toBe(2);
  });
});
