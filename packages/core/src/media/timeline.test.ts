import { describe, expect, it } from "vitest";
import { planSegments } from "./segments";
import { CROSSFADE_FRAMES, FINAL_HOLD_MS, FPS, MIN_HOLD_MS, buildTimeline, cuesOf, holdsOf, toSrt, toVtt } from "./timeline";

describe("buildTimeline", () => {
  it("holds every shot at least MIN_HOLD_MS and the last FINAL_HOLD_MS longer; the holds sum to the audio", () => {
    // "You spoke?" and "THE END." speak for about 0.6 s.
    const speech = [600, 4200, 1499, 1500, 620];
    const t = buildTimeline(speech);
    expect(t.clips.map((c) => c.holdMs)).toEqual([MIN_HOLD_MS, 4200, MIN_HOLD_MS, 1500, MIN_HOLD_MS + FINAL_HOLD_MS]);
    expect(t.clips.map((c) => c.durationMs)).toEqual(speech);
    t.clips.forEach((c, i) => {
      expect(c.holdMs).toBeGreaterThanOrEqual(Math.max(MIN_HOLD_MS, c.durationMs));
      // On screen (in frames) for at least the hold, give or take the crossfade and a frame of rounding.
      const next = t.clips[i + 1];
      const visible = (next ? next.firstFrame + next.fadeFrames : t.totalFrames) - c.firstFrame;
      expect((visible * 1000) / FPS).toBeGreaterThanOrEqual(c.holdMs - 1000 / FPS);
    });
    const holds = holdsOf(speech);
    expect(t.totalMs).toBe(holds.reduce((a, b) => a + b, 0));
    expect(t.totalMs).toBe(speech.reduce((a, b) => a + Math.max(b, MIN_HOLD_MS), 0) + FINAL_HOLD_MS);
    expect(Math.abs((t.totalFrames * 1000) / FPS - t.totalMs)).toBeLessThanOrEqual(1000 / FPS / 2);
    // Each clip starts where the holds before it end: the audio and the picture share one clock.
    t.clips.forEach((c, i) => expect(c.startMs).toBe(holds.slice(0, i).reduce((a, b) => a + b, 0)));
  });

  it("times clips in whole frames that add up to the narration", () => {
    const durations = [1234, 2000, 777, 3150, 40, 1999];
    const t = buildTimeline(durations);
    const total = holdsOf(durations).reduce((a, b) => a + b, 0);
    expect(t.totalMs).toBe(total);
    expect(Math.abs((t.totalFrames * 1000) / FPS - total)).toBeLessThanOrEqual(1000 / FPS / 2);
    expect(t.clips[0]).toMatchObject({ firstFrame: 0, fadeFrames: 0, startMs: 0 });
    expect(t.clips.at(-1)!.endFrame).toBe(t.totalFrames);
    t.clips.forEach((c, i) => {
      expect(c.endFrame).toBeGreaterThan(c.firstFrame);
      expect(c.fadeFrames).toBeLessThanOrEqual(CROSSFADE_FRAMES);
      if (i > 0) {
        expect(c.firstFrame).toBe(t.clips[i - 1].endFrame);
        // The crossfade straddles the moment the clip's narration starts.
        expect(Math.abs(c.firstFrame + c.fadeFrames / 2 - (c.startMs * FPS) / 1000)).toBeLessThanOrEqual(1);
      }
    });
    // Even a 40 ms line is held long enough for a full crossfade.
    expect(t.clips[4].fadeFrames).toBe(CROSSFADE_FRAMES);
    expect(t.clips[1].fadeFrames).toBe(CROSSFADE_FRAMES);
  });

  it("refuses empty or negative durations", () => {
    expect(() => buildTimeline([1000, 0])).toThrow();
    expect(() => buildTimeline([Number.NaN])).toThrow();
  });
});

describe("planSegments", () => {
  it("splits clips into contiguous runs that cover every frame once", () => {
    const t = buildTimeline(Array.from({ length: 13 }, (_, i) => 800 + i * 150));
    for (const count of [1, 2, 3, 5, 13, 20]) {
      const segments = planSegments(t, count);
      expect(segments.length).toBe(Math.min(count, 13));
      expect(segments[0]).toMatchObject({ firstClip: 0, startFrame: 0 });
      expect(segments.at(-1)).toMatchObject({ endClip: 13, endFrame: t.totalFrames });
      segments.forEach((s, i) => {
        expect(s.endClip).toBeGreaterThan(s.firstClip);
        if (i > 0) expect([s.firstClip, s.startFrame]).toEqual([segments[i - 1].endClip, segments[i - 1].endFrame]);
      });
    }
  });
});

describe("captions", () => {
  const t = buildTimeline([1500, 2250, 61_000]);
  const cues = cuesOf(t, ["Hello there.", "  ", "A line\nover two lines --> with an arrow"]);

  it("makes one cue per captioned clip, timed by the clips", () => {
    expect(cues).toEqual([
      { startMs: 0, endMs: 1500, text: "Hello there." },
      { startMs: 3750, endMs: 64_750, text: "A line over two lines --> with an arrow" },
    ]);
  });

  it("keeps a short line's caption up for its whole hold, and ends the last one with its line", () => {
    const short = buildTimeline([600, 700]);
    expect(cuesOf(short, ["You spoke?", "THE END."])).toEqual([
      { startMs: 0, endMs: MIN_HOLD_MS, text: "You spoke?" },
      { startMs: MIN_HOLD_MS, endMs: 2 * MIN_HOLD_MS, text: "THE END." },
    ]);
    expect(short.totalMs).toBe(2 * MIN_HOLD_MS + FINAL_HOLD_MS);
  });

  it("writes SRT and WebVTT", () => {
    expect(toSrt(cues)).toBe(
      "1\n00:00:00,000 --> 00:00:01,500\nHello there.\n\n2\n00:00:03,750 --> 00:01:04,750\nA line over two lines --> with an arrow\n",
    );
    const vtt = toVtt(cues);
    expect(vtt.startsWith("WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nHello there.\n")).toBe(true);
    expect(vtt).toContain("00:00:03.750 --> 00:01:04.750\nA line over two lines -> with an arrow");
  });
});
