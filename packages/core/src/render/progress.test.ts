import { ASSUMED_VIDEO_MS_PER_MS, DEFAULT_ESTIMATE_MS, progressPercent, STALLED_AFTER_MS, timeLeftLabel } from "./progress";

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

describe("timeLeftLabel: time left from what this render measured", () => {
  const min = 60_000;
  const generating = {
    generateStartedAt: iso(t0),
    assetsAtStart: 20,
    assetsTotal: 100,
    assetsMade: 40,
    measuredAt: iso(t0 + 2 * min),
  };

  it("generating: assets made per second since this generation began, not counting those that existed", () => {
    // 20 made in 2 minutes; 60 remain: 6 minutes.
    expect(timeLeftLabel("generating_assets", generating, t0 + 2 * min)).toBe("about 6 minutes left");
    // A minute after the last asset, a minute less.
    expect(timeLeftLabel("generating_assets", generating, t0 + 3 * min)).toBe("about 5 minutes left");
    expect(timeLeftLabel("generating_assets", { ...generating, assetsMade: 99, measuredAt: iso(t0 + 10_000) }, t0 + 10_000)).toBe(
      "about 1 minute left",
    );
    expect(timeLeftLabel("generating_assets", { ...generating, assetsMade: 100 }, t0 + 2 * min)).toBe("almost done");
  });

  it("generating: no number before the first asset of this generation is made", () => {
    expect(timeLeftLabel("generating_assets", { ...generating, assetsMade: 20 }, t0 + min)).toBeNull();
    expect(timeLeftLabel("generating_assets", { ...generating, generateStartedAt: null }, t0 + min)).toBeNull();
  });

  const compiling = { compileStartedAt: iso(t0), videoMs: 10 * min, videoEncodedMs: 0, measuredAt: iso(t0) };

  it("compiling: before a segment is done, the planned video length at the assumed rate, counting down", () => {
    const long = { ...compiling, videoMs: 40 * min };
    expect(timeLeftLabel("compiling", long, t0)).toBe(`about ${Math.ceil(40 / ASSUMED_VIDEO_MS_PER_MS)} minutes left`);
    expect(timeLeftLabel("compiling", long, t0 + 4 * min)).toBe(`about ${Math.ceil(40 / ASSUMED_VIDEO_MS_PER_MS) - 4} minutes left`);
    expect(timeLeftLabel("compiling", long, t0 + 4.5 * min)).toBe(`about ${Math.ceil(40 / ASSUMED_VIDEO_MS_PER_MS) - 4} minutes left`);
    // An hour without a change: not moving, so no number at all (never "almost done").
    expect(timeLeftLabel("compiling", long, t0 + 60 * min)).toBeNull();
  });

  it("a render whose job has not changed for five minutes shows no time left, whatever its counters say", () => {
    const nearlyDone = { ...generating, assetsMade: 99 };
    expect(timeLeftLabel("generating_assets", nearlyDone, t0 + 2 * min + STALLED_AFTER_MS)).not.toBeNull();
    expect(timeLeftLabel("generating_assets", nearlyDone, t0 + 3 * min + STALLED_AFTER_MS)).toBeNull();
    expect(timeLeftLabel("generating_assets", { ...generating, assetsMade: 100 }, t0 + 3 * min + STALLED_AFTER_MS)).toBeNull();
  });

  it("compiling: video encoded per second once segments finish", () => {
    // 5 minutes of video encoded in 1 minute; 5 remain: 1 minute.
    expect(timeLeftLabel("compiling", { ...compiling, videoEncodedMs: 5 * min, measuredAt: iso(t0 + min) }, t0 + min)).toBe(
      "about 1 minute left",
    );
    // 2 of 10 minutes in 3 minutes: 12 minutes more.
    expect(timeLeftLabel("compiling", { ...compiling, videoEncodedMs: 2 * min, measuredAt: iso(t0 + 3 * min) }, t0 + 3 * min)).toBe(
      "about 12 minutes left",
    );
    // Every segment done (a retried one counted twice): only the join is left.
    expect(timeLeftLabel("compiling", { ...compiling, videoEncodedMs: 11 * min, measuredAt: iso(t0 + 3 * min) }, t0 + 3 * min)).toBe(
      "almost done",
    );
  });

  it("shows no number at a review gate, while queued, rendering before the plan, or when finished", () => {
    const pace = { ...generating, ...compiling };
    for (const status of ["queued", "descriptions_ready", "assets_ready", "rendering", "complete", "failed"] as const) {
      expect(timeLeftLabel(status, pace, t0 + min)).toBeNull();
    }
    expect(timeLeftLabel("generating_assets", null, t0)).toBeNull();
  });
});
