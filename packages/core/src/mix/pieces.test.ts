import { describe, expect, it } from "vitest";
import { holdsOf } from "../media/timeline";
import type { Mood } from "./bed";
import type { MixClip } from "./mix-input";
import { cutPieces, integrateLoudness, pieceClips, pieceKey, withHolds } from "./pieces";
import { DEFAULT_LEVELS, MIX_RATE } from "./schema";

/** Three scenes of three lines each, a piece per scene. */
function draft(durations: number[]) {
  const holds = holdsOf(durations);
  let at = 0;
  const clips: MixClip[] = durations.map((durationMs, i) => {
    const startMs = at;
    at += holds[i];
    return { audioPath: `line-${i}.wav`, startMs, durationMs, lane: i % 3 === 0 ? "narration" : "dialogue", scene: Math.floor(i / 3) };
  });
  const timed = withHolds(clips);
  const last = timed.at(-1)!;
  const total = Math.round(((last.startMs + last.holdMs) * MIX_RATE) / 1000);
  return { clips: timed, pieces: cutPieces(timed, [0, 3, 6], total), total };
}

const base = [2000, 1500, 1800, 2200, 900, 1200, 3000, 1000, 1600];
const keysOf = (d: ReturnType<typeof draft>, audioIds: string[], moods: Mood[] = ["tense", "quiet", "tender"]) =>
  d.pieces.map((piece) =>
    pieceKey({ userId: "u1", clips: d.clips, audioIds, piece, levels: DEFAULT_LEVELS, music: { kind: "generated", moods } }),
  );
const ids = base.map((_, i) => `audio-${i}`);

describe("the mix's pieces", () => {
  it("cut at the segments' first clips, cover the mix exactly and time their clips from their start", () => {
    const d = draft(base);
    expect(d.pieces.map((p) => [p.firstClip, p.endClip])).toEqual([[0, 3], [3, 6], [6, 9]]);
    expect(d.pieces.reduce((a, p) => a + p.samples, 0)).toBe(d.total);
    expect(d.pieces[1].startSample).toBe(Math.round((d.clips[3].startMs * MIX_RATE) / 1000));
    expect(pieceClips(d.clips, d.pieces[1])[0].startMs).toBeCloseTo(0, 6);
  });

  it("never cut inside a scene: a segment cut there (a scene too long for one task) leaves the scene's bed whole", () => {
    const d = draft(base);
    const pieces = cutPieces(d.clips, [0, 2, 3, 7], d.total);
    expect(pieces.map((p) => [p.firstClip, p.endClip])).toEqual([[0, 3], [3, 9]]);
    expect(pieces.reduce((a, p) => a + p.samples, 0)).toBe(d.total);
  });

  it("a rewritten line in scene 2 changes only scene 2's key", () => {
    const before = keysOf(draft(base), ids);
    const longer = [...base];
    longer[4] = 1700;
    const after = keysOf(draft(longer), ids.map((id, i) => (i === 4 ? "audio-new" : id)));
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[2]).toBe(before[2]);
  });

  it("a changed mood, level, owner or music choice changes the keys it must", () => {
    const d = draft(base);
    const before = keysOf(d, ids);
    expect(keysOf(d, ids, ["tense", "quiet", "melancholy"])).toEqual([before[0], before[1], expect.not.stringMatching(before[2])]);
    const louder = pieceKey({ userId: "u1", clips: d.clips, audioIds: ids, piece: d.pieces[0], levels: { ...DEFAULT_LEVELS, music: DEFAULT_LEVELS.music - 2 }, music: { kind: "generated", moods: ["tense"] } });
    expect(louder).not.toBe(before[0]);
    const other = pieceKey({ userId: "u2", clips: d.clips, audioIds: ids, piece: d.pieces[0], levels: DEFAULT_LEVELS, music: { kind: "generated", moods: ["tense"] } });
    expect(other).not.toBe(before[0]);
    const silent = pieceKey({ userId: "u1", clips: d.clips, audioIds: ids, piece: d.pieces[0], levels: DEFAULT_LEVELS });
    expect(silent).not.toBe(before[0]);
  });

  it("keys an uploaded track's pieces by the track's id and where each piece sits in it, and refuses to key one without an id", () => {
    const d = draft(base);
    const upload = { kind: "upload" as const, path: "/tmp/work/music-upload", gainDb: -3 };
    const key = (id: string, frames = 1_000_000) =>
      pieceKey({ userId: "u1", clips: d.clips, audioIds: ids, piece: d.pieces[1], levels: DEFAULT_LEVELS, music: upload, track: { id, frames } });
    expect(key("track-a")).not.toBe(key("track-b"));
    expect(key("track-a")).not.toBe(key("track-a", d.pieces[1].startSample));
    expect(() => key("")).toThrow(/track's id/);
    expect(() => pieceKey({ userId: "u1", clips: d.clips, audioIds: ids, piece: d.pieces[1], levels: DEFAULT_LEVELS, music: upload })).toThrow(/track's id/);
  });

  it("integrates the pieces' loudness by energy over time, leaving silent pieces out", () => {
    const whole = integrateLoudness(
      [
        { samples: 100, integrated: -20, truePeak: -6 },
        { samples: 100, integrated: -30, truePeak: -3 },
        { samples: 50, integrated: Number.NEGATIVE_INFINITY, truePeak: Number.NEGATIVE_INFINITY },
      ],
      -70,
    );
    expect(whole.integrated).toBeCloseTo(10 * Math.log10((10 ** -2 + 10 ** -3) / 2), 6);
    expect(whole.truePeak).toBe(-3);
    expect(integrateLoudness([{ samples: 10, integrated: -80, truePeak: -60 }], -70).integrated).toBe(Number.NEGATIVE_INFINITY);
  });
});
