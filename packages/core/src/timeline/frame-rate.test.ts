import { describe, expect, it } from "vitest";
import { FPS } from "../media/timeline";
import { frameAt, frameRateOf, rationalSeconds, secondsOf, timecode } from "./frame-rate";
import { DEFAULT_FRAME_RATE } from "./schema";

describe("frame rates", () => {
  it("defaults to the video's own rate", () => {
    expect(DEFAULT_FRAME_RATE).toBe(String(FPS));
  });

  it("writes times as exact rational seconds, reduced", () => {
    const ntsc = frameRateOf("23.976");
    expect(rationalSeconds(0, ntsc)).toBe("0s");
    expect(rationalSeconds(1, ntsc)).toBe("1001/24000s");
    expect(rationalSeconds(24, ntsc)).toBe("1001/1000s");
    expect(rationalSeconds(25, frameRateOf("25"))).toBe("1s");
    expect(rationalSeconds(37, frameRateOf("25"))).toBe("37/25s");
    expect(rationalSeconds(45, frameRateOf("30"))).toBe("3/2s");
  });

  it("counts non-drop timecode at the timebase, hours included", () => {
    expect(timecode(0, frameRateOf("25"))).toBe("00:00:00:00");
    expect(timecode(24, frameRateOf("25"))).toBe("00:00:00:24");
    expect(timecode(25, frameRateOf("25"))).toBe("00:00:01:00");
    expect(timecode(24 * 3600 + 23, frameRateOf("23.976"))).toBe("01:00:00:23");
    expect(timecode(30 * 61, frameRateOf("30"))).toBe("00:01:01:00");
  });

  it("rounds a time to its nearest frame without floating drift, two hours in", () => {
    const ntsc = frameRateOf("23.976");
    const twoHoursMs = 7_200_000;
    expect(frameAt(twoHoursMs, ntsc)).toBe(Math.round((7200 * 24000) / 1001));
    expect(Math.abs(secondsOf(frameAt(twoHoursMs, ntsc), ntsc) - 7200)).toBeLessThanOrEqual(1001 / 24000 / 2);
  });
});
