import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSegmentStarts, planContentSegments, segmentKeyInput, type SegmentClip } from "./content-segments";
import { DEFAULT_FRAME } from "./segments";
import { FPS } from "./timeline";

/** A draft of scenes, each a heading and a few lines whose lengths vary with their text. */
function draft(scenes: string[][]): SegmentClip[] {
  return scenes.flatMap((lines) =>
    lines.map((text, k) => ({
      identity: createHash("md5").update(text).digest("hex"),
      durationMs: 900 + ((text.length * 37) % 2300) + 0.37 * k,
      sceneStart: k === 0,
    })),
  );
}
const scene = (n: number) => [
  `INT. ROOM ${n} - NIGHT`,
  `The clock ${n} ticks.`,
  `ADA: Is it time ${n}?`,
  `BEN: Not yet, ${n} more.`,
  `ADA: We wait ${n}.`,
];
const scenes = (ns: number[]) => ns.map(scene);

/** Every segment's key input, as JSON, so equal segments compare equal wherever they sit. */
function keysOf(clips: SegmentClip[]) {
  const { timeline, segments } = planContentSegments(clips);
  const ids = clips.map((c) => c.identity);
  return segments.map((s) => JSON.stringify(segmentKeyInput(timeline, s, ids, undefined, DEFAULT_FRAME)));
}

describe("content-defined segments (docs/decisions.md#incremental-compile)", () => {
  const before = Array.from({ length: 40 }, (_, i) => i + 1);

  it("cuts only at scene starts, into more than one segment", () => {
    const clips = draft(scenes(before));
    const starts = contentSegmentStarts(clips);
    expect(starts.length).toBeGreaterThan(4);
    for (const s of starts.slice(1)) expect(clips[s].sceneStart).toBe(true);
  });

  it("starts every segment on a whole frame, and keeps the video as long as its holds to within a frame a segment", () => {
    const clips = draft(scenes(before));
    const { timeline, segments } = planContentSegments(clips);
    for (const s of segments.slice(1))
      expect(
        Math.abs((timeline.clips[s.firstClip].startMs * FPS) / 1000 - Math.round((timeline.clips[s.firstClip].startMs * FPS) / 1000)),
      ).toBeLessThan(1e-6);
    const holds = timeline.clips.reduce((sum, c) => sum + c.holdMs, 0);
    expect(timeline.totalMs).toBeCloseTo(holds, 6);
  });

  it("after an inserted scene, keeps every segment that does not touch it", () => {
    const old = keysOf(draft(scenes(before)));
    const inserted = keysOf(draft(scenes([...before.slice(0, 20), 999, ...before.slice(20)])));
    const kept = inserted.filter((k) => old.includes(k)).length;
    // At most the segment holding the new scene and its neighbour (which fades from it) are new.
    expect(inserted.length - kept).toBeLessThanOrEqual(2);
    expect(kept).toBeGreaterThan(old.length - 3);
  });

  it("after one rewritten scene, remakes only its segment and the next (which fades in from it)", () => {
    const old = keysOf(draft(scenes(before)));
    const changed = scenes(before);
    changed[25][2] = "ADA: A different line, longer than the one before it was.";
    const now = keysOf(draft(changed));
    expect(now.filter((k) => !old.includes(k)).length).toBeGreaterThanOrEqual(1);
    expect(now.filter((k) => !old.includes(k)).length).toBeLessThanOrEqual(2);
  });

  it("keys a captioned segment apart from the same one without captions", () => {
    const clips = draft(scenes(before.slice(0, 6)));
    const { timeline, segments } = planContentSegments(clips);
    const ids = clips.map((c) => c.identity);
    const plain = JSON.stringify(segmentKeyInput(timeline, segments[0], ids, undefined, DEFAULT_FRAME));
    const captioned = JSON.stringify(
      segmentKeyInput(
        timeline,
        segments[0],
        ids,
        clips.map((_, i) => `line ${i}`),
        DEFAULT_FRAME,
      ),
    );
    expect(captioned).not.toBe(plain);
  });

  it("keys the same segment apart at another aspect (a 9:16 render reuses no 16:9 segment)", () => {
    const clips = draft(scenes(before.slice(0, 6)));
    const { timeline, segments } = planContentSegments(clips);
    const ids = clips.map((c) => c.identity);
    const wide = JSON.stringify(segmentKeyInput(timeline, segments[0], ids, undefined, DEFAULT_FRAME));
    const upright = JSON.stringify(segmentKeyInput(timeline, segments[0], ids, undefined, { width: 720, height: 1280 }));
    expect(upright).not.toBe(wide);
  });
});
