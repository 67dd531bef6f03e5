import { describe, expect, it } from "vitest";
import { toEdl } from "./edl";
import { featureSource } from "./fixtures/feature";
import { SOURCE } from "./fixtures/night-shift";
import { readCmx3600 } from "./fixtures/readers";
import { frameRateOf } from "./frame-rate";
import { storyboardTimeline } from "./model";
import { FRAME_RATES } from "./schema";

describe("storyboard.edl (CMX 3600)", () => {
  it.each(FRAME_RATES)("has one event per shot, contiguous, ending at the video's length at %s fps, over a feature too", (label) => {
    for (const source of [SOURCE, featureSource()]) {
      const rate = frameRateOf(label);
      const timeline = storyboardTimeline({ ...source, rate });
      const { title, fcm, events } = readCmx3600(toEdl(timeline), rate.timebase);
      expect(title).toBe(source.title.toUpperCase());
      expect(fcm).toBe("NON-DROP FRAME");
      expect(events).toHaveLength(timeline.shots.length);
      let next = 0;
      for (const e of events) {
        expect(e.recordIn).toBe(next);
        expect(e.recordOut - e.recordIn).toBe(e.sourceOut - e.sourceIn);
        expect([e.track, e.transition]).toEqual(["V", "C"]);
        next = e.recordOut;
      }
      expect(next).toBe(timeline.totalFrames);
    }
  });

  it("names reels from shot numbers and notes the clip, its file and the scene", () => {
    const { events } = readCmx3600(toEdl(storyboardTimeline({ ...SOURCE, rate: frameRateOf("24") })), 24);
    expect(events.map((e) => e.reel)).toEqual(["SH1A", "SH1B", "SH1C", "SH1D", "SH2A", "SH2B"]);
    expect(events[4].comments).toEqual([
      "FROM CLIP NAME: Scene 2 Shot 2A",
      "SOURCE FILE: ../images/0005-b6.jpg",
      expect.stringMatching(/^LOC: \d\d:\d\d:\d\d:\d\d RED +EXT\. PARKING LOT - CONTINUOUS$/),
    ]);
  });
});
