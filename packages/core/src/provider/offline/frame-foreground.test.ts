import { describe, expect, it } from "vitest";
import { foregroundSvg } from "./frame-foreground";
import { imageRequest } from "./fixtures/image-request";
import { sceneSvg } from "./image";

/** Steel in his den, framed at `size`. */
const close = (moment: string, size: "close_up" | "medium" | "wide") =>
  imageRequest({ heading: "INT. BRICK'S DEN - NIGHT", moment, cast: [["STEEL", "a man", "male"]], size });

/** The x of every prop drawn in the frame's corners (their groups' first translate). */
const cornerXs = (svg: string) => [...svg.matchAll(/<g transform="translate\(([-\d.]+) [-\d.]+\) scale\([\d.]+\) translate/g)].map((m) => Number(m[1]));

describe("props in a close framing (docs/decisions.md#title-cards-and-shots-within-a-scene)", () => {
  it("a dead lamp named in a close-up is drawn dead, inside the frame", () => {
    const svg = sceneSvg(close("Steel sits beside the dead lamp.", "close_up"));
    const xs = cornerXs(svg);
    expect(xs.length).toBe(1);
    expect(xs[0]).toBeGreaterThan(0);
    expect(xs[0]).toBeLessThan(1280);
    // The dead shade's grey, and not the lit shade's yellow, in the corner.
    const corner = svg.slice(svg.indexOf(`translate(${xs[0]}`));
    expect(corner).toContain("#8a8478");
    expect(corner).not.toContain("#ffe7a0");
  });

  it("the beers of a medium shot are in frame beside the figure; a wide leaves them on the set", () => {
    expect(cornerXs(sceneSvg(close("Steel emerges with two cold beers.", "medium"))).length).toBe(1);
    expect(cornerXs(sceneSvg(close("Steel emerges with two cold beers.", "wide")))).toEqual([]);
  });

  it("grows with the shot's zoom, within bounds, and fills corners left then right", () => {
    const t = (c: string) => c;
    const view = { x: 0, y: 0, width: 1280, height: 720 };
    const small = foregroundSvg({ objects: ["cup"], lamp: "lit", door: "open" }, view, 1.5, t, "");
    const large = foregroundSvg({ objects: ["cup"], lamp: "lit", door: "open" }, view, 8, t, "");
    expect(small).toContain("scale(1.20)");
    expect(large).toContain("scale(2.40)");
    expect(cornerXs(small)).toEqual([179.2, 1100.8, 384]);
  });
});

describe("a screen door", () => {
  it("is a door, not a computer", () => {
    const svg = sceneSvg(close("The SCREEN DOOR slides open and STEEL emerges.", "wide"));
    expect(svg).not.toContain("#6fb3ff");
    expect(sceneSvg(close("Steel stares at the screen.", "wide"))).toContain("#6fb3ff");
  });
});
