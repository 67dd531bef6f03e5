import { describe, expect, it } from "vitest";
import { placeFigures, type Subject } from "./frame-figures";
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
});
