import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpeg, probe } from "../media/ffmpeg";
import { encodeWav } from "../media/wav";
import { chunkKey, planChunks, type MasterSettings } from "./master-chunks";
import { type ChunkStore, type StemPaths, writeMaster } from "./master";
import type { MixPiece } from "./pieces";
import { stemWavs } from "./mix";
import { MIX_RATE } from "./schema";

/**
 * The master in chunks on a synthetic signal (docs/decisions.md#a-master-in-chunks): joined from its chunks'
 * frames, the AAC and the MP3 decode to as many samples as one whole encoding's, and differ from it near
 * the seams no more than the codec differs from itself elsewhere.
 */
const TOTAL = 4 * MIX_RATE;
/** Pieces starting off the chunk grid, as segments do. */
const STARTS = [0, 50_000, 120_000];
const settings: MasterSettings = { gainDb: 0, targetLufs: -16, ceilingDbtp: -2, aacBitrate: "128k", mp3Bitrate: "160k", hasMusic: false };

let work: string;
const pieces: MixPiece[] = STARTS.map((start, j) => ({ firstClip: j, endClip: j + 1, startSample: start, samples: (STARTS[j + 1] ?? TOTAL) - start }));

/** A tone gliding in pitch on the dialogue and a chord on the narration: every seam cuts through sound. */
function signal(stem: "dialogue" | "narration", from: number, to: number): Int16Array {
  const out = new Int16Array(to - from);
  for (let i = from; i < to; i++) {
    const t = i / MIX_RATE;
    const v = stem === "dialogue" ? 0.3 * Math.sin(2 * Math.PI * (300 * t + 40 * t * t)) : 0.1 * (Math.sin(2 * Math.PI * 523 * t) + Math.sin(2 * Math.PI * 659 * t));
    out[i - from] = Math.round(v * 32767);
  }
  return out;
}

async function writeStems(dir: string, from: number, to: number): Promise<StemPaths> {
  await mkdir(dir, { recursive: true });
  const paths = { dialogue: join(dir, "dialogue.wav"), narration: join(dir, "narration.wav") };
  for (const stem of ["dialogue", "narration"] as const) await writeFile(paths[stem], encodeWav({ sampleRate: MIX_RATE, channels: 1, samples: signal(stem, from, to) }));
  return paths;
}

async function decode(path: string): Promise<Int16Array> {
  const raw = `${path}.raw`;
  await ffmpeg(["-i", path, "-f", "s16le", "-ac", "2", raw]);
  const bytes = await readFile(raw);
  return new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
}

/** The largest difference between a and b (interleaved stereo) over frames [from, to). */
function maxError(a: Int16Array, b: Int16Array, from: number, to: number): number {
  let max = 0;
  for (let i = Math.max(0, from) * 2; i < Math.min(a.length, b.length, to * 2); i++) max = Math.max(max, Math.abs(a[i] - b[i]));
  return max;
}

let pieceStems: StemPaths[];
let whole: { m4a: string; mp3: string };

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "master-test-"));
  pieceStems = await Promise.all(pieces.map((p, j) => writeStems(join(work, `piece-${j}`), p.startSample, p.startSample + p.samples)));
  // One piece, one chunk: a whole encoding of the same signal.
  const wholeStems = await writeStems(join(work, "whole"), 0, TOTAL);
  whole = { m4a: join(work, "whole.m4a"), mp3: join(work, "whole.mp3") };
  const one = [{ firstClip: 0, endClip: 3, startSample: 0, samples: TOTAL }];
  await writeMaster({ pieces: one, loudness: [{ samples: TOTAL, integrated: -20, truePeak: -8 }], pieceStems: async () => wholeStems, totalSamples: TOTAL, settings, work: join(work, "whole"), m4aPath: whole.m4a, mp3Path: whole.mp3 });
}, 60_000);

afterAll(() => rm(work, { recursive: true, force: true }));

const loudness = pieces.map((p) => ({ samples: p.samples, integrated: -20, truePeak: -8 }));

describe("the master in chunks", () => {
  it("joins its chunks' frames into streams as long as one encoding's, seamless at both codecs", async () => {
    const out = join(work, "chunked");
    await mkdir(out);
    const paths = { m4a: join(out, "mix.m4a"), mp3: join(out, "mix.mp3") };
    const result = await writeMaster({ pieces, loudness, pieceStems: async (j) => pieceStems[j], totalSamples: TOTAL, settings, work: out, m4aPath: paths.m4a, mp3Path: paths.mp3 });
    expect(result).toEqual({ total: 3, reused: 0 });
    // The MP4's sound starts and ends where the mix does (the priming and the padding marked off by its edit list).
    const probed = await probe(paths.m4a);
    expect(probed.streams[0].duration).toBeCloseTo(TOTAL / MIX_RATE, 3);
    expect(probed.duration).toBeCloseTo(TOTAL / MIX_RATE, 3);
    const seams = planChunks(pieces, TOTAL).slice(1).map((c) => c.start);
    expect(seams).toEqual([46_080, 119_808]);
    for (const [codec, bound] of [["m4a", 40], ["mp3", 40]] as const) {
      const [joined, reference] = await Promise.all([decode(paths[codec]), decode(whole[codec])]);
      expect(joined.length, codec).toBe(reference.length);
      // The same stream away from the seams, and near them: a seam cut without rolls was off by half the amplitude.
      const away = maxError(joined, reference, 0, seams[0] - 4 * 1152);
      const near = Math.max(...seams.map((s) => maxError(joined, reference, s - 2304, s + 2304)));
      console.log(`${codec}: away ${away}, near seams ${near}`);
      expect(near, codec).toBeLessThanOrEqual(Math.max(bound, 2 * away));
    }
  }, 60_000);

  it("re-encodes only the chunks that read a changed piece, and its output is byte for byte a full encoding's", async () => {
    const storeDir = join(work, "store");
    await mkdir(storeDir);
    const store: ChunkStore = {
      async findChunk(key, aac, mp3) {
        try {
          await copyFile(join(storeDir, `${key}-master.mp3`), mp3);
          await copyFile(join(storeDir, `${key}-master.aac`), aac);
          return true;
        } catch {
          return false;
        }
      },
      async keepChunk(key, aac, mp3) {
        await copyFile(aac, join(storeDir, `${key}-master.aac`));
        await copyFile(mp3, join(storeDir, `${key}-master.mp3`));
      },
    };
    const run = async (name: string, pieceKeys: string[]) => {
      const out = join(work, name);
      await mkdir(out);
      const paths = { m4a: join(out, "mix.m4a"), mp3: join(out, "mix.mp3") };
      const result = await writeMaster({ pieces, loudness, pieceStems: async (j) => pieceStems[j], totalSamples: TOTAL, settings, work: out, m4aPath: paths.m4a, mp3Path: paths.mp3, reuse: { userId: "u1", pieceKeys, store } });
      return { result, m4a: await readFile(paths.m4a), mp3: await readFile(paths.mp3) };
    };
    const first = await run("stored", ["a", "b", "c"]);
    expect(first.result).toEqual({ total: 3, reused: 0 });
    const again = await run("again", ["a", "b", "c"]);
    expect(again.result).toEqual({ total: 3, reused: 3 });
    expect(again.mp3.equals(first.mp3)).toBe(true);
    expect(again.m4a.equals(first.m4a)).toBe(true);
    // Piece 2 "changed" (another key, the same sound here): chunk 0 does not read it, chunks 1 and 2 do.
    const changed = await run("changed", ["a", "b", "c2"]);
    expect(changed.result).toEqual({ total: 3, reused: 1 });
    expect(changed.mp3.equals(first.mp3)).toBe(true);
  }, 60_000);

  it("joins the zip's stems from the pieces' FLACs into the same WAV bytes as a joined FLAC decoded", async () => {
    const dir = join(work, "stems");
    await mkdir(dir);
    // The pieces' stems as pass one keeps them (16-bit FLAC).
    const flacs = await Promise.all(
      pieceStems.map(async (p, j) => {
        const path = join(dir, `piece-${j}-dialogue.flac`);
        await ffmpeg(["-i", p.dialogue, "-c:a", "flac", "-sample_fmt", "s16", "-compression_level", "1", path]);
        return { dialogue: path, narration: path };
      }),
    );
    // What CompileAudio and PackageRender did before: the pieces joined into one FLAC, decoded to WAV.
    const list = join(dir, "list.txt");
    await writeFile(list, flacs.map((f) => `file '${f.dialogue}'\n`).join(""));
    await ffmpeg(["-f", "concat", "-safe", "0", "-i", list, "-map", "0:a:0", "-c:a", "flac", "-sample_fmt", "s16", "-compression_level", "1", join(dir, "joined.flac")]);
    await ffmpeg(["-i", join(dir, "joined.flac"), "-map", "0:a:0", "-c:a", "pcm_s16le", join(dir, "before.wav")]);
    const wavs = await stemWavs(flacs, dir);
    const [before, after] = await Promise.all([readFile(join(dir, "before.wav")), readFile(wavs.dialogue)]);
    expect(after.length).toBe(before.length);
    expect(after.equals(before)).toBe(true);
  }, 30_000);

  it("keys a chunk by the pieces it reads: a change in one piece re-keys only the chunks that read it", () => {
    const many: Pick<MixPiece, "startSample" | "samples">[] = [0, 100_000, 200_000, 300_000, 400_000, 500_000].map((s) => ({ startSample: s, samples: 100_000 }));
    const total = 600_000;
    const chunks = planChunks(many, total);
    expect(chunks).toHaveLength(6);
    // Every chunk starts on the grid and reads its own piece and, through its rolls, its neighbours' edges.
    for (const c of chunks) expect(c.start % 9216).toBe(0);
    expect(chunks[2].reads.map((r) => r.piece)).toEqual([1, 2, 3]);
    const keys = (pieceKeys: string[], gainDb = 3) =>
      chunks.map((chunk) => chunkKey({ userId: "u1", chunk, totalSamples: total, settings: { ...settings, gainDb }, limit: null, pieceKeys }));
    const before = keys(["p0", "p1", "p2", "p3", "p4", "p5"]);
    const after = keys(["p0", "p1", "p2", "p3x", "p4", "p5"]);
    const rekeyed = before.map((k, j) => (k !== after[j] ? j : -1)).filter((j) => j >= 0);
    expect(rekeyed).toEqual(chunks.flatMap((c, j) => (c.reads.some((r) => r.piece === 3) ? [j] : [])));
    expect(rekeyed).toEqual([2, 3, 4]);
    // Another gain, or another user, re-keys everything.
    expect(keys(["p0", "p1", "p2", "p3", "p4", "p5"], 3.25).some((k, j) => k === before[j])).toBe(false);
  });
});
