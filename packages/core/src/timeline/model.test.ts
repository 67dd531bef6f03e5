import { describe, expect, it } from "vitest";
import { buildTimeline } from "../media/timeline";
import { featureSource } from "./fixtures/feature";
import { SOURCE } from "./fixtures/night-shift";
import { fpsOf, frameRateOf } from "./frame-rate";
import { storyboardTimeline } from "./model";
import { FRAME_RATES } from "./schema";

const at = (label: (typeof FRAME_RATES)[number], source = SOURCE) => storyboardTimeline({ ...source, rate: frameRateOf(label) });

describe("the storyboard timeline", () => {
  it("holds each shot for its time on screen, not its line's length", () => {
    const timeline = at("25");
    const line = timeline.shots.find((s) => s.blockId === "b3")!;
    // A two-word line (712 ms) holds the 1,500 ms minimum: 37 or 38 frames at 25 fps, its audio 18.
    expect(Math.abs(line.frames - 37.5)).toBeLessThanOrEqual(0.5);
    expect(line.speechFrames).toBe(18);
  });

  it("names clips by scene and shot, puts dialogue and narration on their own lanes, marks each scene", () => {
    const timeline = at("25");
    expect(timeline.shots.map((s) => s.name)).toEqual([
      "Scene 1 Shot 1A",
      "Scene 1 Shot 1B",
      "Scene 1 Shot 1C",
      "Scene 1 Shot 1D",
      "Scene 2 Shot 2A",
      "Scene 2 Shot 2B",
    ]);
    expect(timeline.shots.map((s) => s.lane)).toEqual(["narration", "narration", "dialogue", "dialogue", "narration", "narration"]);
    expect(timeline.scenes.map((s) => [s.heading, s.startFrame])).toEqual([
      ["INT. DINER - NIGHT", 0],
      ["EXT. PARKING LOT - CONTINUOUS", timeline.shots[4].startFrame],
    ]);
    expect(timeline.shots[0].imagePath).toBe("../images/0001-b1.jpg");
    expect(timeline.shots[3].audioPath).toBe("../audio/0004-b5.wav");
  });

  it.each(FRAME_RATES)("is contiguous and as long as the video at %s fps, over a feature too", (label) => {
    for (const source of [SOURCE, featureSource()]) {
      const timeline = at(label, source);
      let next = 0;
      for (const s of timeline.shots) {
        expect(s.startFrame).toBe(next);
        expect(s.frames).toBeGreaterThan(0);
        expect(s.speechFrames).toBeLessThanOrEqual(s.frames);
        next += s.frames;
      }
      expect(next).toBe(timeline.totalFrames);
      // The video's length (the sum of the holds) to within half a frame: no drift however many shots.
      const { totalMs } = buildTimeline(source.clips.map((c) => c.durationMs));
      expect(Math.abs(timeline.totalFrames / fpsOf(timeline.rate) - totalMs / 1000)).toBeLessThanOrEqual(0.5 / fpsOf(timeline.rate) + 1e-9);
    }
  });
});
