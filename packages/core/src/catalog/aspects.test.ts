import { describe, expect, it } from "vitest";
import { ASPECTS, aspectRefusal, captionTop, getAspect, stageWindow, STAGE, styleAspects } from "./aspects";
import { STYLE_IDS } from "./styles";

describe("aspects", () => {
  it("sizes every aspect at its ratio with even edges, no more pixels than 1280x720", () => {
    for (const a of ASPECTS) {
      expect(Math.max(a.width, a.height)).toBeLessThanOrEqual(1280);
      expect(a.width * a.height).toBeLessThanOrEqual(1280 * 720);
      expect(a.width % 2).toBe(0);
      expect(a.height % 2).toBe(0);
      expect(Math.abs(a.width / a.height - a.ratio) / a.ratio).toBeLessThan(0.01);
    }
    expect(getAspect("9:16")).toMatchObject({ width: 720, height: 1280 });
    expect(getAspect(undefined).id).toBe("16:9");
    expect(getAspect("bogus").id).toBe("16:9");
  });

  it("shows a window of the stage that, with its padding, is exactly the frame", () => {
    for (const a of ASPECTS) {
      for (const centre of [0, 300, 640, 1100, 1280]) {
        const w = stageWindow(a, centre);
        expect(w.width).toBe(a.width);
        expect(w.height + w.padTop + w.padBottom).toBe(a.height);
        expect(w.x).toBeGreaterThanOrEqual(0);
        expect(w.x + w.width).toBeLessThanOrEqual(STAGE.width);
        expect(w.y + w.height).toBeLessThanOrEqual(STAGE.height);
      }
    }
  });

  it("centres a narrow window on the figures and pads a vertical frame above and below", () => {
    const vertical = stageWindow(getAspect("9:16"), 870);
    expect(vertical).toEqual({ x: 510, y: 0, width: 720, height: 720, padTop: 280, padBottom: 280 });
    // Near the stage's edge the window stops at it rather than showing past it.
    expect(stageWindow(getAspect("1:1"), 100).x).toBe(0);
    // Scope keeps the whole width and the lower part of the stage, where the figures stand.
    expect(stageWindow(getAspect("2.39:1"))).toMatchObject({ x: 0, width: 1280, height: 536, padTop: 0 });
    expect(stageWindow(getAspect("2.39:1")).y).toBeGreaterThan((720 - 536) / 2);
  });

  it("places captions higher in an upright frame, clear of a phone app's controls", () => {
    expect(captionTop(getAspect("16:9"), 132)).toBe(720 - 70 - 132);
    const phone = captionTop(getAspect("9:16"), 132);
    expect(phone + 132).toBeLessThanOrEqual(1280 * 0.8);
    expect(phone).toBeGreaterThan(1280 / 2);
  });

  it("refuses an aspect the style cannot draw, saying which it can", () => {
    expect(aspectRefusal("cinematic", "16:9")).toBeUndefined();
    expect(aspectRefusal("cinematic", "2.39:1")).toBeUndefined();
    expect(aspectRefusal("cinematic", "9:16")).toMatch(/Cinematic Realism .*16:9, 2\.39:1, 1\.85:1.* 9:16/);
    for (const style of STYLE_IDS.filter((s) => s !== "cinematic")) {
      expect(styleAspects(style)).toContain("9:16");
      expect(aspectRefusal(style, "9:16")).toBeUndefined();
    }
  });
});
