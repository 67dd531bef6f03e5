import {
  blockDurationMs,
  blockWidthPx,
  canZoomIn,
  canZoomOut,
  clampZoom,
  formatTimecode,
  layoutTimeline,
  timelineBlocks,
  ZOOM_INITIAL,
  zoomIn,
  zoomOut,
} from "./timeline";

describe("timeline zoom", () => {
  it("starts at 0.02 px per ms and steps by a factor of 1.5", () => {
    expect(ZOOM_INITIAL).toBe(0.02);
    expect(zoomIn(0.02)).toBeCloseTo(0.03, 10);
    expect(zoomOut(0.03)).toBeCloseTo(0.02, 10);
    expect(zoomOut(0.02)).toBeCloseTo(0.02 / 1.5, 10);
  });

  it("stays within 0.001 and 1", () => {
    expect(clampZoom(5)).toBe(1);
    expect(clampZoom(0.0001)).toBe(0.001);
    expect(clampZoom(0.5)).toBe(0.5);
    expect(zoomIn(0.8)).toBe(1);
    expect(zoomOut(0.0012)).toBe(0.001);
    let zoom = ZOOM_INITIAL;
    for (let i = 0; i < 50; i++) zoom = zoomIn(zoom);
    expect(zoom).toBe(1);
    expect(canZoomIn(zoom)).toBe(false);
    for (let i = 0; i < 50; i++) zoom = zoomOut(zoom);
    expect(zoom).toBe(0.001);
    expect(canZoomOut(zoom)).toBe(false);
    expect(canZoomIn(zoom)).toBe(true);
  });
});

describe("timeline layout", () => {
  it("treats a missing or unusable duration as 1000 ms", () => {
    expect(blockDurationMs(null)).toBe(1000);
    expect(blockDurationMs(undefined)).toBe(1000);
    expect(blockDurationMs(Number.NaN)).toBe(1000);
    expect(blockDurationMs(-5)).toBe(1000);
    expect(blockDurationMs(2500)).toBe(2500);
  });

  it("makes every block at least 30 px wide", () => {
    expect(blockWidthPx(100, 0.02)).toBe(30); // 2 px by duration
    expect(blockWidthPx(null, 0.001)).toBe(30); // 1000 ms at the smallest zoom is 1 px
    expect(blockWidthPx(3000, 0.02)).toBe(60);
    expect(blockWidthPx(3000, 1)).toBe(3000);
  });

  it("lays blocks end to end for their time on screen: at least 1.5 s each, the last 2 s longer, as the video holds them", () => {
    const { items, totalMs, totalWidthPx } = layoutTimeline(
      [{ duration: 3000 }, { duration: null }, { duration: 500 }, { duration: 10_000 }],
      0.02,
    );
    expect(items.map((i) => i.durationMs)).toEqual([3000, 1500, 1500, 12_000]);
    expect(items.map((i) => i.widthPx)).toEqual([60, 30, 30, 240]);
    expect(items.map((i) => i.leftPx)).toEqual([0, 60, 90, 120]);
    expect(items.map((i) => i.startMs)).toEqual([0, 3000, 4500, 6000]);
    expect(totalMs).toBe(18_000);
    expect(totalWidthPx).toBe(360);
  });

  it("widens with the zoom", () => {
    const blocks = [{ duration: 4000 }, { duration: 2000 }];
    const at = (zoom: number) => layoutTimeline(blocks, zoom).totalWidthPx;
    expect(at(0.02)).toBe(160); // 4 s, then 2 s + the closing 2 s
    expect(at(0.03)).toBeCloseTo(240, 10);
    expect(at(0.001)).toBe(60); // both at the 30 px minimum
  });

  it("shows only blocks with media", () => {
    const blocks = [
      { id: "a", hasMedia: true, imageUrl: [] },
      { id: "b", hasMedia: false, imageUrl: ["x"] },
      { id: "c", imageUrl: ["y"] },
      { id: "d", imageUrl: [] },
    ];
    expect(timelineBlocks(blocks).map((b) => b.id)).toEqual(["a", "c"]);
  });

  it("formats time codes", () => {
    expect(formatTimecode(0)).toBe("0:00");
    expect(formatTimecode(65_400)).toBe("1:05");
    expect(formatTimecode(3_250, true)).toBe("0:03.2");
  });
});
