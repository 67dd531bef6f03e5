import { DEFAULT_ESTIMATE_MS, progressPercent, timeLeftFromRate, timeLeftLabel } from "./progress";

const t0 = Date.parse("2026-01-01T00:00:00Z");
const iso = (ms: number) => new Date(ms).toISOString();

describe("progressPercent (docs/product.md#renders)", () => {
  it("is 100 when complete, 0 when failed and 5 when queued, whatever the counts", () => {
    const media = { total: 10, remaining: 0 };
    expect(progressPercent({ status: "complete", media })).toBe(100);
    expect(progressPercent({ status: "failed", media })).toBe(0);
    expect(progressPercent({ status: "queued", media })).toBe(5);
  });

  it("uses done/total of 90 when media counts exist, at least 5", () => {
    expect(progressPercent({ status: "generating_assets", media: { total: 10, remaining: 5 } })).toBe(45);
    expect(progressPercent({ status: "generating_assets", media: { total: 100, remaining: 99 } })).toBe(5);
    expect(progressPercent({ status: "generating_assets", media: { total: 100, remaining: 100 } })).toBe(5);
  });

  it("is exactly 90 when no media remain", () => {
    expect(progressPercent({ status: "rendering", media: { total: 40, remaining: 0 } })).toBe(90);
  });

  it("is time-based up to 89 against the estimate", () => {
    const estimate = iso(t0 + 60 * 60_000);
    expect(progressPercent({ status: "rendering", createdAt: iso(t0), estimatedCompletionTime: estimate, now: t0 + 30 * 60_000 })).toBe(50);
    expect(progressPercent({ status: "rendering", createdAt: iso(t0), estimatedCompletionTime: estimate, now: t0 + 5 * 60 * 60_000 })).toBe(
      89,
    );
    expect(progressPercent({ status: "rendering", createdAt: iso(t0), estimatedCompletionTime: estimate, now: t0 })).toBe(5);
  });

  it("falls back to a 3-hour estimate, and to 5 with nothing to go on", () => {
    expect(progressPercent({ status: "rendering", createdAt: iso(t0), now: t0 + DEFAULT_ESTIMATE_MS / 2 })).toBe(50);
  });

  it("stands still at a review gate, however long the writer takes", () => {
    for (const now of [t0, t0 + 60 * 60_000, t0 + 48 * 60 * 60_000]) {
      expect(progressPercent({ status: "descriptions_ready", createdAt: iso(t0), now })).toBe(10);
      expect(progressPercent({ status: "assets_ready", media: { total: 10, remaining: 0 }, createdAt: iso(t0), now })).toBe(90);
    }
  });
});

describe("timeLeftLabel", () => {
  it("shows only while rendering, and says 'almost done' once the estimate passed", () => {
    const eta = iso(t0 + 10 * 60_000);
    expect(timeLeftLabel("rendering", eta, t0)).toBe("about 10 minutes left");
    expect(timeLeftLabel("rendering", eta, t0 + 11 * 60_000)).toBe("almost done");
    expect(timeLeftLabel("generating_assets", eta, t0)).toBeNull();
    expect(timeLeftLabel("rendering", null, t0)).toBeNull();
  });
});

describe("timeLeftFromRate", () => {
  it("projects the measured rate onto what remains", () => {
    expect(timeLeftFromRate([{ at: t0, done: 10 }], 100)).toBeNull();
    expect(
      timeLeftFromRate(
        [
          { at: t0, done: 10 },
          { at: t0 + 60_000, done: 10 },
        ],
        100,
      ),
    ).toBeNull();
    // 20 made in 2 minutes; 60 remain: 6 minutes.
    expect(
      timeLeftFromRate(
        [
          { at: t0, done: 20 },
          { at: t0 + 60_000, done: 30 },
          { at: t0 + 120_000, done: 40 },
        ],
        100,
      ),
    ).toBe("about 6 minutes left");
    expect(
      timeLeftFromRate(
        [
          { at: t0, done: 90 },
          { at: t0 + 10_000, done: 99 },
        ],
        100,
      ),
    ).toBe("about 1 minute left");
  });
});
