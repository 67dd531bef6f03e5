import { createHash } from "node:crypto";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpeg, probe } from "../media/ffmpeg";
import { encodeWav, readWavInfo } from "../media/wav";
import { fadeSamples } from "./graph";
import { AAC_FRAME, chunkKey, MP3_FRAME, planChunks, playedFrames, type MasterSettings } from "./master-chunks";
import { type ChunkStore, type StemPaths, writeMaster } from "./master";
import type { MixPiece } from "./pieces";
import { headRead, type PieceRolls, tailRead } from "./rolls";
import { stemWavs } from "./mix";
import { MIX_RATE } from "./schema";

/**
 * The master in chunks (docs/decisions.md#a-master-in-chunks) on a mix made as the real one is: five scenes,
 * each a piece, its lines (a speech-like signal) ending in their hold before the piece ends, the bed faded in
 * and out at the piece's edges as the mix fades it. Piece 2's line is then lengthened by 700 ms.
 */
const LENGTHS = [72_000, 96_000, 86_000, 104_000, 78_000]; // whole video frames (2000 samples at 24 fps)
const LONGER = 33_600; // 700 ms
const settings: MasterSettings = { gainDb: 0, targetLufs: -16, ceilingDbtp: -2, aacBitrate: "128k", mp3Bitrate: "160k", hasMusic: true };
const CODECS = [
  { ext: "m4a", frame: AAC_FRAME },
  { ext: "mp3", frame: MP3_FRAME },
] as const;

let work: string;

const piecesOf = (lengths: number[]): MixPiece[] =>
  lengths.map((samples, j) => ({ firstClip: j, endClip: j + 1, startSample: lengths.slice(0, j).reduce((a, b) => a + b, 0), samples }));

/** A voice: harmonics of a gliding pitch in syllables, from 0.2 s to 0.5 s before the piece's end (its hold). */
function speech(samples: number, seed: number): Int16Array {
  const out = new Int16Array(samples);
  const [from, to] = [0.2 * MIX_RATE, samples - 0.5 * MIX_RATE];
  let phase = 0;
  for (let i = from; i < to; i++) {
    const t = (i - from) / MIX_RATE;
    const pitch = 120 + 30 * seed + 25 * Math.sin(2 * Math.PI * 0.7 * t);
    phase += (2 * Math.PI * pitch) / MIX_RATE;
    const syllable = Math.max(0, Math.sin(2 * Math.PI * (3.5 + 0.3 * seed) * t)) ** 0.7;
    let v = 0;
    for (let h = 1; h <= 12; h++) v += Math.sin(h * phase + seed * h) * (h === 3 + (seed % 3) ? 1 : 0.5 / h);
    const edge = Math.min(1, (i - from) / 480, (to - i) / 480); // 10 ms ramps, as a recording starts and ends
    out[i] = Math.round(0.12 * edge * syllable * v * 32767);
  }
  return out;
}

/** The bed: a stereo chord, faded in and out over the piece's edges as the mix's bed is (graph.ts fadeSamples). */
function bed(samples: number, seed: number): Int16Array {
  const out = new Int16Array(samples * 2);
  const fade = fadeSamples(samples);
  const notes = [220, 277.2, 329.6].map((f) => f * (1 + seed / 12));
  for (let i = 0; i < samples; i++) {
    const gain = Math.min(1, i / fade, (samples - i) / fade);
    const t = i / MIX_RATE;
    for (let c = 0; c < 2; c++) out[2 * i + c] = Math.round(0.04 * gain * notes.reduce((a, f) => a + Math.sin(2 * Math.PI * f * (1 + c / 500) * t), 0) * 32767);
  }
  return out;
}

/** A piece's stems; `seed` tells the scenes apart (`speechSeed` its lines alone), `samples` is the piece's length. */
async function writePiece(dir: string, samples: number, seed: number, speechSeed = seed): Promise<StemPaths & { music: string }> {
  await mkdir(dir, { recursive: true });
  const paths = { dialogue: join(dir, "dialogue.wav"), narration: join(dir, "narration.wav"), music: join(dir, "music.wav") };
  await writeFile(paths.dialogue, encodeWav({ sampleRate: MIX_RATE, channels: 1, samples: speech(samples, speechSeed) }));
  await writeFile(paths.narration, encodeWav({ sampleRate: MIX_RATE, channels: 1, samples: new Int16Array(samples) }));
  await writeFile(paths.music, encodeWav({ sampleRate: MIX_RATE, channels: 2, samples: bed(samples, seed) }));
  return paths;
}

/** The whole mix's stems as one piece: the pieces' joined. */
async function joinPieces(stems: StemPaths[], dir: string): Promise<StemPaths> {
  await mkdir(dir, { recursive: true });
  const out = { dialogue: join(dir, "dialogue.wav"), narration: join(dir, "narration.wav"), music: join(dir, "music.wav") };
  for (const stem of ["dialogue", "narration", "music"] as const) {
    const list = join(dir, `${stem}.txt`);
    await writeFile(list, stems.map((s) => `file '${s[stem]}'\n`).join(""));
    await ffmpeg(["-f", "concat", "-safe", "0", "-i", list, "-c", "copy", out[stem]]);
  }
  return out;
}

async function decode(path: string): Promise<Int16Array> {
  const raw = `${path}.raw`;
  await ffmpeg(["-i", path, "-f", "s16le", "-ac", "2", raw]);
  const bytes = await readFile(raw);
  return new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
}

/** A store on disk, as render-mix.ts keeps chunks in the writer's asset store. */
function diskStore(dir: string): ChunkStore {
  return {
    async keptChunks() {
      const names = await readdir(dir).catch(() => [] as string[]);
      return new Set(names.flatMap((n) => (n.endsWith("-master.mp3") ? [n.slice(0, -"-master.mp3".length)] : [])));
    },
    async findChunk(key, aac, mp3) {
      try {
        await copyFile(join(dir, `${key}-master.mp3`), mp3);
        await copyFile(join(dir, `${key}-master.aac`), aac);
        return true;
      } catch {
        return false;
      }
    },
    async keepChunk(key, aac, mp3) {
      await mkdir(dir, { recursive: true });
      await copyFile(aac, join(dir, `${key}-master.aac`));
      await copyFile(mp3, join(dir, `${key}-master.mp3`));
    },
  };
}

interface Draft {
  pieces: MixPiece[];
  stems: StemPaths[];
  keys: string[];
  /** The pieces' rolls' fingerprints, as pass one takes them (rolls.ts); without them a neighbour's whole key stands in. */
  rolls?: PieceRolls[];
}

/** The fingerprints of a piece's head and tail: the stems' 16-bit samples that a neighbour's chunk reads. */
async function rollsOf(stems: StemPaths, samples: number): Promise<PieceRolls> {
  const fingerprint = async (read: { from: number; to: number }) => {
    const hash = createHash("sha256");
    for (const stem of ["dialogue", "narration", "music"] as const) {
      const bytes = await readFile(stems[stem]!);
      const info = readWavInfo(bytes);
      const frame = 2 * info.channels;
      hash.update(`${stem}:`).update(bytes.subarray(info.dataOffset + read.from * frame, info.dataOffset + read.to * frame));
    }
    return hash.digest("hex");
  };
  return { head: await fingerprint(headRead(samples)), tail: await fingerprint(tailRead(samples)) };
}
const withRolls = async (draft: Draft): Promise<Draft> => ({ ...draft, rolls: await Promise.all(draft.stems.map((s, j) => rollsOf(s, draft.pieces[j].samples))) });

async function master(name: string, draft: Draft, store?: ChunkStore) {
  const out = join(work, name);
  await mkdir(out);
  const paths = { m4a: join(out, "mix.m4a"), mp3: join(out, "mix.mp3") };
  const total = draft.pieces.reduce((a, p) => a + p.samples, 0);
  const loudness = draft.pieces.map((p, j) => ({ samples: p.samples, integrated: -20, truePeak: -8, rolls: draft.rolls?.[j] }));
  const reuse = store ? { userId: "u1", pieceKeys: draft.keys, store } : undefined;
  const result = await writeMaster({ pieces: draft.pieces, loudness, pieceStems: async (j) => draft.stems[j], totalSamples: total, settings, work: out, m4aPath: paths.m4a, mp3Path: paths.mp3, reuse });
  return { result, paths, total, m4a: await readFile(paths.m4a), mp3: await readFile(paths.mp3) };
}

/** The lag (−frame..frame) at which `b` best matches `a` around `at` (left channel): b[t + lag] ≈ a[t]. */
function lagAt(a: Int16Array, b: Int16Array, at: number, frame: number): number {
  let best = { lag: 0, score: Number.NEGATIVE_INFINITY };
  for (let lag = -frame; lag <= frame; lag++) {
    let score = 0;
    for (let t = at; t < at + 4800; t++) score += a[2 * t] * b[2 * (t + lag)];
    if (score > best.score) best = { lag, score };
  }
  return best.lag;
}

let original: Draft;
let revised: Draft;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "master-test-"));
  const stems = await Promise.all(LENGTHS.map((samples, j) => writePiece(join(work, `piece-${j}`), samples, j)));
  original = { pieces: piecesOf(LENGTHS), stems, keys: ["a", "b", "c", "d", "e"] };
  const lengths = LENGTHS.map((l, j) => (j === 2 ? l + LONGER : l));
  revised = { pieces: piecesOf(lengths), stems: [...stems], keys: ["a", "b", "c2", "d", "e"] };
  revised.stems[2] = await writePiece(join(work, "piece-2-revised"), lengths[2], 2);
}, 60_000);

afterAll(() => rm(work, { recursive: true, force: true }));

describe("the master in chunks", () => {
  it("re-encodes only the lengthened piece's chunk and its neighbours', and joins the same bytes as a fresh full run", async () => {
    const found: string[] = [];
    const disk = diskStore(join(work, "store"));
    const store: ChunkStore = { ...disk, findChunk: async (key, aac, mp3) => (await disk.findChunk(key, aac, mp3)) && found.push(key) > 0 };
    expect((await master("first", original, store)).result).toEqual({ total: 5, reused: 0 });
    const second = await master("second", revised, store);
    expect(second.result).toEqual({ total: 5, reused: 2 });
    // The reused are chunks 0 and 4: piece 2's chunk and its neighbours' were encoded, though piece 4 moved.
    const keys = (draft: Draft) => planChunks(draft.pieces).map((chunk) => chunkKey({ userId: "u1", chunk, settings, limit: null, pieceKeys: draft.keys }));
    const [before, after] = [keys(original), keys(revised)];
    expect(after.map((k, j) => (k === before[j] ? j : -1)).filter((j) => j >= 0)).toEqual([0, 4]);
    expect(found.sort()).toEqual([after[0], after[4]].sort());
    const fresh = await master("fresh", revised, diskStore(join(work, "fresh-store")));
    expect(fresh.result).toEqual({ total: 5, reused: 0 });
    expect(second.mp3.equals(fresh.mp3)).toBe(true);
    expect(second.m4a.equals(fresh.m4a)).toBe(true);

    // Against one encoding of the whole revised mix: as many samples, each piece within half a frame of where
    // it starts, and at the seams (in the scenes' silences) an error of the codec's own size.
    const whole = await master("whole", { pieces: piecesOf([second.total]), stems: [await joinPieces(revised.stems, join(work, "joined"))], keys: ["w"] });
    const probed = await probe(second.paths.m4a);
    expect(probed.streams[0].duration).toBeCloseTo(second.total / MIX_RATE, 3);
    for (const { ext, frame } of CODECS) {
      const [chunked, reference] = await Promise.all([decode(second.paths[ext]), decode(whole.paths[ext])]);
      expect(chunked.length, ext).toBe(reference.length);
      const starts = revised.pieces.map((p, j) => (j === 0 ? 0 : Math.round(p.startSample / frame) * frame - p.startSample));
      const delay = ext === "mp3" ? 1105 : 0; // LAME's delay, in both decodes
      const figures: string[] = [];
      revised.pieces.forEach((p, j) => {
        // The speech's onset (0.2 s in): where the chunked output has it against the whole encoding.
        const lag = lagAt(reference, chunked, delay + p.startSample + 0.2 * MIX_RATE, frame);
        expect(Math.abs(lag - starts[j]), `${ext} piece ${j}`).toBeLessThanOrEqual(2);
        expect(Math.abs(starts[j])).toBeLessThanOrEqual(frame / 2);
      });
      // Each played stretch compared with the whole encoding shifted by its piece's offset.
      const error = (from: number, to: number, shift: number) => {
        let [max, sum] = [0, 0];
        for (let t = Math.max(0, from); t < to; t++) {
          for (let c = 0; c < 2; c++) {
            const d = chunked[2 * (t + delay) + c] - (reference[2 * (t + delay - shift) + c] ?? 0);
            [max, sum] = [Math.max(max, Math.abs(d)), sum + d * d];
          }
        }
        return { max, rms: Math.sqrt(sum / (2 * Math.max(1, to - from))) };
      };
      const dbfs = (v: number) => (20 * Math.log10(Math.max(v, 1) / 32768)).toFixed(1);
      let worst = 0;
      for (let j = 1; j < revised.pieces.length; j++) {
        const seam = revised.pieces[j].startSample + starts[j];
        const [before, after] = [error(seam - 2 * frame, seam, starts[j - 1]), error(seam, seam + 2 * frame, starts[j])];
        worst = Math.max(worst, before.max, after.max);
        let level = 0; // the sound's own peak there
        for (let t = seam - 2 * frame; t < seam + 2 * frame; t++) level = Math.max(level, Math.abs(reference[2 * (t + delay)]), Math.abs(reference[2 * (t + delay) + 1]));
        figures.push(`seam ${j} (${starts[j] - starts[j - 1]} samples moved): max ${dbfs(Math.max(before.max, after.max))} dBFS, rms ${dbfs(Math.max(before.rms, after.rms))} dBFS (sound's peak ${dbfs(level)} dBFS)`);
      }
      const mid = revised.pieces[3].startSample + revised.pieces[3].samples / 2;
      const away = error(mid - 2 * frame, mid + 2 * frame, starts[3]);
      console.log(`${ext}: ${figures.join("; ")}; mid-scene (codec against itself): max ${dbfs(away.max)} dBFS, rms ${dbfs(away.rms)} dBFS`);
      // Small: under −45 dBFS at every seam, where the bed is fading (the speech peaks near −12 dBFS).
      expect(worst, ext).toBeLessThanOrEqual(32768 * 10 ** (-45 / 20));
    }
  }, 120_000);

  it("plays from each chunk the frames that place its piece on the mix's frame grid, as many in all as one encoding", () => {
    const pieces = piecesOf([72_000, 129_600, 104_000, 1_000, 78_000]);
    const total = pieces.reduce((a, p) => a + p.samples, 0);
    for (const frame of [AAC_FRAME, MP3_FRAME]) {
      const played = playedFrames(planChunks(pieces), total, frame);
      expect(played.reduce((a, n) => a + n, 0)).toBe(Math.ceil(total / frame) + 1);
      played.forEach((n, j) => {
        const exact = pieces[j].samples / frame;
        expect([Math.floor(exact), Math.ceil(exact), Math.ceil(exact) + 1]).toContain(n - (j === 0 ? 1 : 0));
      });
    }
  });

  it("keys a neighbour's read by its rolls: a line rewritten between them re-encodes its piece's chunk only, the same bytes as a fresh full run", async () => {
    // Piece 2's line is another, of the same length: its first 0.2 s and last 0.5 s (its rolls) are as they were.
    const rewritten = await withRolls({ ...original, keys: ["a", "b", "c3", "d", "e"], stems: [...original.stems] });
    rewritten.stems[2] = await writePiece(join(work, "piece-2-rewritten"), LENGTHS[2], 2, 7);
    const [first, second] = [await withRolls(original), await withRolls(rewritten)];
    expect(second.rolls![2]).toEqual(first.rolls![2]);
    const store = diskStore(join(work, "rolls-store"));
    expect((await master("rolls-first", first, store)).result).toEqual({ total: 5, reused: 0 });
    const revisedRun = await master("rolls-second", second, store);
    expect(revisedRun.result).toEqual({ total: 5, reused: 4 });
    const fresh = await master("rolls-fresh", second, diskStore(join(work, "rolls-fresh-store")));
    expect(revisedRun.mp3.equals(fresh.mp3)).toBe(true);
    expect(revisedRun.m4a.equals(fresh.m4a)).toBe(true);
    // Without fingerprints (a store kept before them), its neighbours' chunks are encoded again, as before.
    const unfingerprinted = await master("rolls-unfingerprinted", { ...second, rolls: undefined }, diskStore(join(work, "rolls-store")));
    expect(unfingerprinted.result).toEqual({ total: 5, reused: 0 });
  }, 60_000);

  it("encodes a chunk listed as kept but gone when fetched, into the same bytes", async () => {
    const store = diskStore(join(work, "gone-store"));
    const first = await master("gone-first", original, store);
    // Every chunk is listed; the first two are gone by the time they are fetched.
    const listed = await store.keptChunks();
    expect(listed.size).toBe(5);
    const gone = [...listed].slice(0, 2);
    const vanishing: ChunkStore = { ...store, findChunk: async (key, aac, mp3) => !gone.includes(key) && store.findChunk(key, aac, mp3) };
    const again = await master("gone-again", original, vanishing);
    expect(again.result).toEqual({ total: 5, reused: 3 });
    expect(again.mp3.equals(first.mp3)).toBe(true);
    expect(again.m4a.equals(first.m4a)).toBe(true);
  }, 60_000);

  it("encodes beside a piece shorter than a roll, the rest of the roll zeros, into streams of the mix's length", async () => {
    const lengths = [72_000, 4_000, 78_000];
    const stems = await Promise.all(lengths.map((samples, j) => writePiece(join(work, `short-${j}`), samples, j)));
    const short = await master("short", { pieces: piecesOf(lengths), stems, keys: ["s0", "s1", "s2"] });
    expect(short.result).toEqual({ total: 3, reused: 0 });
    expect((await probe(short.paths.m4a)).streams[0].duration).toBeCloseTo(short.total / MIX_RATE, 3);
    expect((await decode(short.paths.mp3)).length / 2).toBe((Math.ceil(short.total / MP3_FRAME) + 1) * MP3_FRAME);
    // The last piece, encoded after those zeros, still plays where the assembly puts it.
    const whole = await master("short-whole", { pieces: piecesOf([short.total]), stems: [await joinPieces(stems, join(work, "short-joined"))], keys: ["w"] });
    const start = 76_000;
    const lag = lagAt(await decode(whole.paths.m4a), await decode(short.paths.m4a), start + 0.2 * MIX_RATE, AAC_FRAME);
    expect(Math.abs(lag - (Math.round(start / AAC_FRAME) * AAC_FRAME - start))).toBeLessThanOrEqual(2);
  }, 60_000);

  it("joins the zip's stems from the pieces' FLACs into the same WAV bytes as a joined FLAC decoded", async () => {
    const dir = join(work, "stems");
    await mkdir(dir);
    // The pieces' stems as pass one keeps them (16-bit FLAC).
    const flacs = await Promise.all(
      original.stems.slice(0, 3).map(async (p, j) => {
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

  it("keys a chunk by its piece and its neighbours only: a longer piece re-keys its chunk and theirs, whatever moved after it", () => {
    const lengths = [100_000, 100_000, 100_000, 100_000, 100_000, 100_000];
    const keys = (pieceKeys: string[], pieceLengths: number[], gainDb = 3) =>
      planChunks(piecesOf(pieceLengths)).map((chunk) => chunkKey({ userId: "u1", chunk, settings: { ...settings, gainDb }, limit: null, pieceKeys }));
    const before = keys(["p0", "p1", "p2", "p3", "p4", "p5"], lengths);
    const after = keys(["p0", "p1", "p2", "p3x", "p4", "p5"], lengths.map((l, j) => (j === 3 ? l + 33_600 : l)));
    expect(before.map((k, j) => (k !== after[j] ? j : -1)).filter((j) => j >= 0)).toEqual([2, 3, 4]);
    // A neighbour shorter than a roll is read whole: the chunk's key still names only its neighbours.
    const short = planChunks(piecesOf([100_000, 4_000, 100_000]));
    expect(short[2].reads.map((r) => [r.role, r.piece, r.from, r.to])).toEqual([["before", 1, 0, 4_000], ["own", 2, 0, 100_000]]);
    // With the rolls' fingerprints, a neighbour is named by what its chunk reads of it: a piece changed between
    // its rolls re-keys its own chunk only; one whose tail changed, its own and the next.
    const rolls = ["p0", "p1", "p2", "p3", "p4", "p5"].map((p) => ({ head: `${p}-head`, tail: `${p}-tail` }));
    const rolled = (pieceKeys: string[], pieceRolls: typeof rolls) =>
      planChunks(piecesOf(lengths)).map((chunk) => chunkKey({ userId: "u1", chunk, settings: { ...settings, gainDb: 3 }, limit: null, pieceKeys, pieceRolls }));
    const changed = (a: string[], b: string[]) => a.map((k, j) => (k !== b[j] ? j : -1)).filter((j) => j >= 0);
    const base = rolled(["p0", "p1", "p2", "p3", "p4", "p5"], rolls);
    expect(changed(base, rolled(["p0", "p1", "p2", "p3x", "p4", "p5"], rolls))).toEqual([3]);
    expect(changed(base, rolled(["p0", "p1", "p2", "p3x", "p4", "p5"], rolls.map((r, j) => (j === 3 ? { ...r, tail: "p3x-tail" } : r))))).toEqual([3, 4]);
    // Another gain, or another user, re-keys everything.
    expect(keys(["p0", "p1", "p2", "p3", "p4", "p5"], lengths, 3.25).some((k, j) => k === before[j])).toBe(false);
  });
});
