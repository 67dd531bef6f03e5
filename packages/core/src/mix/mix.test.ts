import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { espeakSampleRate, espeakSynthesize } from "../provider/offline/espeak";
import { probe } from "../media/ffmpeg";
import { encodeWav } from "../media/wav";
import { holdsOf } from "../media/timeline";
import { DEFAULT_LEVELS, MIX_RATE } from "./schema";
import { measureFile } from "./loudness";
import { type PieceStore, stemWavs, writeMix } from "./mix";
import type { MixClip } from "./mix-input";
import type { PieceLoudness } from "./pieces";
import { sceneLoudness } from "./scene-loudness";

/**
 * A short render's sound, end to end: offline speech on both lanes over three scenes of different moods,
 * the generated bed, measured with ebur128 as the issue asks (docs/decisions.md#the-sound-mix).
 */
const LINES: { text: string; lane: MixClip["lane"]; scene: number }[] = [
  { text: "Night. A harbour under rain, the cranes standing still.", lane: "narration", scene: 0 },
  { text: "You're late again, Marlow.", lane: "dialogue", scene: 0 },
  { text: "The tide waits for nobody. Neither do I.", lane: "dialogue", scene: 0 },
  { text: "She laughs and hands him a cup of coffee.", lane: "narration", scene: 1 },
  { text: "Drink it while it's hot. You look terrible.", lane: "dialogue", scene: 1 },
  { text: "He stares at the water, quiet, for a long time.", lane: "narration", scene: 2 },
  { text: "Some nights the sea just keeps what it takes.", lane: "dialogue", scene: 2 },
];

let work: string;
let clips: MixClip[];

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "mix-test-"));
  const rate = await espeakSampleRate();
  const spoken = await Promise.all(
    LINES.map((line) => espeakSynthesize(line.text, { language: "en", rate: 165, pitch: line.lane === "dialogue" ? 40 : 55, range: 50 })),
  );
  const durations = spoken.map((s) => Math.round((s.length / rate) * 1000));
  const holds = holdsOf(durations);
  const starts = holds.map((_, i) => holds.slice(0, i).reduce((a, b) => a + b, 0));
  clips = await Promise.all(
    LINES.map(async (line, i) => {
      const audioPath = join(work, `line-${i}.wav`);
      await writeFile(audioPath, encodeWav({ sampleRate: rate, channels: 1, samples: spoken[i] }));
      return { audioPath, startMs: starts[i], durationMs: durations[i], lane: line.lane, scene: line.scene };
    }),
  );
}, 60_000);

afterAll(() => rm(work, { recursive: true, force: true }));

describe("the sound mix", () => {
  it("is −16 ± 1 LUFS with its true peak at most −1 dBTP, speech 10 LU over the music under it in every scene", async () => {
    const m4aPath = join(work, "mix.m4a");
    const result = await writeMix({
      clips,
      levels: DEFAULT_LEVELS,
      music: { kind: "generated", moods: ["tense", "light-hearted", "quiet"] },
      work,
      m4aPath,
      mp3Path: join(work, "mix.mp3"),
    });
    const final = await measureFile(m4aPath);
    expect(final.integrated).toBeGreaterThanOrEqual(-17);
    expect(final.integrated).toBeLessThanOrEqual(-15);
    expect(final.truePeak).toBeLessThanOrEqual(-1);
    const mp3 = await measureFile(join(work, "mix.mp3"));
    expect(Math.abs(mp3.integrated + 16)).toBeLessThanOrEqual(1);
    expect(mp3.truePeak).toBeLessThanOrEqual(-1);

    // The stems as the project zip has them: each joined from its pieces as one WAV.
    const stems = await stemWavs(result.pieceStems.map((p) => p.stems), work);
    const scenes = await sceneLoudness({ clips, stems, mixPath: m4aPath, totalSamples: result.totalSamples });
    expect(scenes).toHaveLength(3);
    for (const scene of scenes) expect(scene.speechOverMusic).toBeGreaterThanOrEqual(10);
    console.log(JSON.stringify(scenes));

    // Every stem and the mix are the video's length, sample for sample.
    for (const path of Object.values(stems)) {
      const { streams } = await probe(path);
      expect(Math.round((streams[0].duration ?? 0) * MIX_RATE)).toBe(result.totalSamples);
    }
    expect((await probe(stems.music!)).streams[0].channels).toBe(2);
    // Kept as FLAC, mono for the voices (docs/decisions.md#stems-as-flac-in-the-compile).
    const dialogue = (await probe(result.pieceStems[0].stems.dialogue)).streams[0];
    expect([dialogue.codecName, dialogue.channels]).toEqual(["flac", 1]);
  }, 120_000);

  it("without music has no music stem and still meets the target", async () => {
    const m4aPath = join(work, "voices.m4a");
    const result = await writeMix({ clips, levels: DEFAULT_LEVELS, work, m4aPath, mp3Path: join(work, "voices.mp3") });
    expect(result.pieceStems[0].stems.music).toBeUndefined();
    const final = await measureFile(m4aPath);
    expect(Math.abs(final.integrated + 16)).toBeLessThanOrEqual(1);
    expect(final.truePeak).toBeLessThanOrEqual(-1);
  }, 120_000);

  it("in pieces: a revision remixes only its changed piece, reuses the others, and the whole still meets the target", async () => {
    // A store on disk, as render-mix.ts keeps pieces in the writer's asset store.
    const storeDir = join(work, "store");
    await mkdir(storeDir, { recursive: true });
    const stems = (music: boolean) => ["dialogue", "narration", ...(music ? ["music"] : [])];
    const store: PieceStore = {
      async loudness(key) {
        try {
          return JSON.parse(await readFile(join(storeDir, `${key}.json`), "utf8")) as PieceLoudness;
        } catch {
          return undefined;
        }
      },
      async stems(key, dir, music) {
        for (const stem of stems(music)) await copyFile(join(storeDir, `${key}-${stem}.flac`), join(dir, `${stem}.flac`));
      },
      async keepPiece(key, dir, loudness, music) {
        for (const stem of stems(music)) await copyFile(join(dir, `${stem}.flac`), join(storeDir, `${key}-${stem}.flac`));
        await writeFile(join(storeDir, `${key}.json`), JSON.stringify(loudness));
      },
      async keptChunks() {
        const names = await readdir(storeDir).catch(() => [] as string[]);
        return new Set(names.flatMap((n) => (n.endsWith("-master.mp3") ? [n.slice(0, -"-master.mp3".length)] : [])));
      },
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
    const music = { kind: "generated" as const, moods: ["tense" as const, "light-hearted" as const, "quiet" as const] };
    const mix = async (name: string, input: MixClip[]) => {
      const dir = join(work, name);
      await mkdir(dir);
      const audioIds = input.map((c) => c.audioPath);
      const m4aPath = join(dir, "mix.m4a");
      // A piece per scene, as the compile's segments cut at scene headings.
      const pieceStarts = [0, 3, 5];
      // The clips whose audio the mix asked for: only those of the pieces it mixes anew (CompileAudio downloads no other).
      const fetched: number[] = [];
      const fetchClips = async (indexes: number[]) => void fetched.push(...indexes);
      const result = await writeMix({ clips: input, levels: DEFAULT_LEVELS, music, work: dir, m4aPath, mp3Path: join(dir, "mix.mp3"), pieceStarts, reuse: { userId: "u1", audioIds, store }, fetchClips });
      return { result, fetched: fetched.sort((a, b) => a - b), final: await measureFile(m4aPath) };
    };
    const full = await mix("pieces-full", clips);
    expect(full.result.pieces).toEqual({ total: 3, reused: 0 });
    expect(full.fetched).toEqual(clips.map((_, i) => i));
    // A piece's folder keeps its stems and nothing as large: no lanes, and no copy of a mood's loop per piece.
    for (const piece of ["piece-0000", "piece-0001", "piece-0002"])
      expect((await readdir(join(work, "pieces-full", piece))).filter((f) => f.endsWith(".wav"))).toEqual([]);
    // The pieces' integrated loudness is one measurement's within 0.5 LU: the master lands on the target.
    expect(Math.abs(full.final.integrated + 16)).toBeLessThanOrEqual(0.5);
    expect(full.final.truePeak).toBeLessThanOrEqual(-1);

    // Scene 1's line rewritten: another recording of another length.
    const rewritten = join(work, "line-4-rewritten.wav");
    const rate = await espeakSampleRate();
    const spoken = await espeakSynthesize("Drink it slowly. The night is long and so is the coast road.", { language: "en", rate: 165, pitch: 40, range: 50 });
    await writeFile(rewritten, encodeWav({ sampleRate: rate, channels: 1, samples: spoken }));
    const durations = clips.map((c, i) => (i === 4 ? Math.round((spoken.length / rate) * 1000) : c.durationMs));
    const holds = holdsOf(durations);
    const revised = clips.map((c, i) => ({
      ...c,
      audioPath: i === 4 ? rewritten : c.audioPath,
      durationMs: durations[i],
      startMs: holds.slice(0, i).reduce((a, b) => a + b, 0),
    }));
    const second = await mix("pieces-revised", revised);
    // Each piece keeps its rolls' fingerprints; the rewritten piece opens as it did, so its head's is the same.
    const kept = (m: Awaited<ReturnType<typeof mix>>) => Promise.all(m.result.pieceStems.map((p) => store.loudness(p.key!)));
    const [before, after] = [await kept(full), await kept(second)];
    for (const piece of [...before, ...after]) expect(piece?.rolls).toEqual({ head: expect.stringMatching(/^[0-9a-f]{64}$/), tail: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(after[1]!.rolls!.head).toBe(before[1]!.rolls!.head);
    expect(after[1]!.rolls!.tail).not.toBe(before[1]!.rolls!.tail);
    expect(second.result.pieces).toEqual({ total: 3, reused: 2 });
    // Scene 1's piece (clips 3 and 4) is mixed anew; the master's chunks read the stored pieces' stems, not their lines.
    expect(second.fetched).toEqual([3, 4]);
    expect(Math.abs(second.final.integrated + 16)).toBeLessThanOrEqual(1);
    expect(second.final.truePeak).toBeLessThanOrEqual(-1);
    // Every master chunk is encoded again here, though chunk 0 reads the same head: the louder line moved the
    // whole mix's gain (three short pieces), which every chunk's key holds.
    expect(second.result.chunks).toEqual({ total: 3, reused: 0 });
    // The same draft again reuses every piece and chunk, and its sound is the same, byte for byte.
    const again = await mix("pieces-again", revised);
    expect([again.result.pieces, again.result.chunks]).toEqual([{ total: 3, reused: 3 }, { total: 3, reused: 3 }]);
    expect(again.fetched).toEqual([]);
    expect((await readFile(join(work, "pieces-again", "mix.mp3"))).equals(await readFile(join(work, "pieces-revised", "mix.mp3")))).toBe(true);
    // Only the pieces the encoded chunks read were fetched; the zip's stems join every piece, fetched or mixed.
    for (const piece of second.result.pieceStems) if (piece.key) await store.stems(piece.key, dirname(piece.stems.dialogue), true);
    const revisedStems = await stemWavs(second.result.pieceStems.map((p) => p.stems), join(work, "pieces-revised"));
    for (const path of Object.values(revisedStems)) {
      const { streams } = await probe(path);
      expect(Math.round((streams[0].duration ?? 0) * MIX_RATE)).toBe(second.result.totalSamples);
    }
  }, 180_000);
});
