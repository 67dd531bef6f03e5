import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSegmentStarts, planContentSegments, segmentKeyInput, type SegmentClip } from "./content-segments";
import { DEFAULT_FRAME, segmentCommand } from "./segments";
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
    // At most the segment holding the new scene and the one before it (which ends with the fade into it) are new.
    expect(inserted.length - kept).toBeLessThanOrEqual(2);
    expect(kept).toBeGreaterThan(old.length - 3);
  });

  it("after one rewritten scene, remakes only the segment that holds it", () => {
    const clips = draft(scenes(before));
    const old = keysOf(clips);
    const changed = scenes(before);
    changed[25][2] = "ADA: A different line, longer than the one before it was.";
    const now = keysOf(draft(changed));
    const { segments } = planContentSegments(clips);
    const sceneClip = 25 * 5 + 2;
    const holding = segments.findIndex((s) => s.firstClip <= sceneClip && sceneClip < s.endClip);
    expect(now.map((k, s) => (old.includes(k) ? -1 : s)).filter((s) => s >= 0)).toEqual([holding]);
  });

  it("keeps the next segment, key and ffmpeg command alike, when a changed hold moves the clip before it by a frame", () => {
    const clips = draft(scenes(before));
    const { timeline, segments } = planContentSegments(clips);
    const ids = clips.map((c) => c.identity);
    const commandsOf = (t: typeof timeline) =>
      segments.map((segment, s) => segmentCommand({ timeline: t, segment, images: ids, size: DEFAULT_FRAME, outPath: `${s}.ts`, scriptPath: `${s}.filter` }));
    const [keys, commands] = [keysOf(clips), commandsOf(timeline)];
    const s = 2;
    const lastBefore = segments[s].endClip - 1;
    let shifted = 0;
    // Lengthen each of the segment's clips in turn by a part of a frame: the last one's first frame moves by one now and then.
    for (let j = segments[s].firstClip; j < segments[s].endClip; j++) {
      const longer = clips.map((c, i) => (i === j ? { ...c, durationMs: Math.max(c.durationMs, 1500) + 7 * (j % 5) + 11 } : c));
      const plan = planContentSegments(longer);
      expect(plan.segments.map((g) => g.firstClip)).toEqual(segments.map((g) => g.firstClip));
      if (plan.timeline.clips[lastBefore].firstFrame !== timeline.clips[lastBefore].firstFrame) shifted++;
      const [newKeys, newCommands] = [keysOf(longer), commandsOf(plan.timeline)];
      // The segment before fades into this segment's first clip (segments.ts segmentOf): it reads that clip's length too.
      const changes = (g: number) => g === s || (g === s - 1 && j === segments[s].firstClip);
      newKeys.forEach((key, g) => (changes(g) ? undefined : expect(key, `segment ${g}`).toBe(keys[g])));
      newCommands.forEach((command, g) => (changes(g) ? undefined : expect(command, `segment ${g}`).toEqual(commands[g])));
    }
    expect(shifted).toBeGreaterThan(0);
  });

  it("covers every frame once: each segment begins where the one before it ends", () => {
    const { timeline, segments } = planContentSegments(draft(scenes(before)));
    expect(segments[0].startFrame).toBe(0);
    expect(segments.at(-1)!.endFrame).toBe(timeline.totalFrames);
    segments.slice(1).forEach((s, k) => expect(s.startFrame).toBe(segments[k].endFrame));
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
