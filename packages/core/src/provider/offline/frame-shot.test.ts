import { describe, expect, it } from "vitest";
import { colourOf, placeFigures, type Subject } from "./frame-figures";
import { frameShot } from "./frame-shot";
import { HEIGHT, HORIZON } from "./frame-scene";
import { sceneSvg } from "./image";

const subjects: Subject[] = [
  { name: "MARA", gender: "female", kind: "person", castIndex: 0 },
  { name: "JON", gender: "male", kind: "person", castIndex: 1 },
];
const placements = placeFigures(subjects, true);
const shot = (size: string, angle = "eye_level") => ({ size, angle, movement: "static" }) as Parameters<typeof frameShot>[0];

describe("offline frames follow the shot", () => {
  it("a close-up holds one head and shoulders across the frame", () => {
    const f = frameShot(shot("close_up"), subjects, placements, true);
    expect(f.keep).toEqual([0]);
    const [mara] = f.inFrame;
    // The figure is scaled so the head and chest (about 0.42 of its height) fill the frame's height.
    expect(mara.height * 0.42).toBeCloseTo(HEIGHT, -1);
    expect(mara.x).toBe(640);
    expect(f.camera).toMatch(/scale/);
  });

  it("an insert shows no figure", () => {
    const f = frameShot(shot("insert"), subjects, placements, true);
    expect(f).toMatchObject({ keep: [], placements: [], insert: true });
    const svg = sceneSvg({
      prompt: "INSERT - the cup of coffee",
      style: "cinematic",
      characters: [],
      blockType: "shot",
      text: "x",
      seed: "a",
      shot: shot("insert"),
    });
    expect(svg).toContain("scale(2.6)");
  });

  it("a wide shows everyone, small and further back", () => {
    const f = frameShot(shot("wide"), subjects, placements, false);
    expect(f.keep).toEqual([0, 1]);
    f.placements.forEach((p, i) => {
      expect(p.height).toBeLessThan(placements[i].height * 0.6);
      expect(p.baseY).toBeLessThan(placements[i].baseY);
      expect(p.baseY).toBeGreaterThan(HORIZON);
    });
  });

  it("low and high angles move the horizon and change the figures' size", () => {
    const low = frameShot(shot("full", "low"), subjects, placements, false);
    const high = frameShot(shot("full", "high"), subjects, placements, false);
    expect(low.backdrop).toBe("scale(1 1.3)");
    expect(high.backdrop).toMatch(/scale\(1 1\.45\)/);
    expect(low.placements[0].height).toBeGreaterThan(placements[0].height);
    expect(high.placements[0].height).toBeLessThan(placements[0].height);
  });

  it("a POV has no figure of the viewer; an over-the-shoulder keeps the listener's back in front", () => {
    expect(frameShot(shot("medium", "pov"), subjects, placements, true).keep).toEqual([1]);
    const ots = frameShot(shot("medium_close_up", "over_the_shoulder"), subjects, placements, true);
    expect(ots.keep).toEqual([0]);
    expect(ots.shoulderOf).toBe(1);
    expect(ots.shoulder!.height).toBeGreaterThan(HEIGHT);
  });

  it("without a shot the frame is as before", () => {
    expect(frameShot(undefined, subjects, placements, true)).toMatchObject({ keep: [0, 1], placements, camera: "", backdrop: "" });
  });

  it("a close-up of an animal holds the whole animal, lit in its coat colour, not a patch of it", () => {
    const dog: Subject[] = [{ name: "BISCUIT", gender: "male", kind: "animal", shape: "small", castIndex: 2 }];
    const f = frameShot(shot("close_up"), dog, placeFigures(dog, false), false);
    const [biscuit] = f.inFrame;
    expect(biscuit.height / HEIGHT).toBeCloseTo(0.72, 1);
    expect(biscuit.baseY).toBeLessThanOrEqual(HEIGHT);
    expect(biscuit.baseY - biscuit.height).toBeGreaterThan(0);
    // Every coat reads against a night sky as the people's colours do: none is near black.
    const lightness = (hex: string) => Math.max(...[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))) / 255;
    for (let castIndex = 0; castIndex < 14; castIndex++)
      expect(lightness(colourOf({ name: "A", gender: "neutral", kind: "animal", shape: "small", castIndex }))).toBeGreaterThan(0.5);
  });

  it("a storm darkens the sky behind the figures, not the figures", () => {
    const svg = sceneSvg({
      prompt: "Setting: a lighthouse in a storm. Moment: Tom climbs the ladder.",
      style: "cinematic",
      scene: { heading: "EXT. LIGHTHOUSE - NIGHT", interior: false, location: "LIGHTHOUSE", timeOfDay: "NIGHT" },
      characters: [{ name: "TOM", gender: "male", castIndex: 0 }],
      blockType: "action",
      text: "Tom climbs the ladder.",
      seed: "a",
      shot: shot("close_up"),
    });
    const shade = svg.indexOf('fill="#2a3440" fill-opacity="0.55"');
    expect(shade).toBeGreaterThan(0);
    // Inside the camera's group with the backdrop, before the rain drawn over everything.
    expect(svg.indexOf("<g transform=")).toBeGreaterThan(0);
    expect(svg.indexOf("<g transform=")).toBeLessThan(shade);
    expect(shade).toBeLessThan(svg.lastIndexOf('<g class="pane">'));
  });
});
