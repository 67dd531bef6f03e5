/**
 * The sound mix of a render (docs/decisions.md#the-sound-mix): the voices on
 * their two lanes, the music bed under them, ducked, and the sum brought to
 * −16 LUFS integrated with its true peak under −1 dBTP. It is made in pieces,
 * one per compile segment (docs/decisions.md#an-incremental-mix): per piece the
 * lanes (every line padded to its hold, as the video holds it) and pass one
 * (levels, bed, ducking, the piece's stems, and its loudness measured), or the
 * stored piece under its content key; then pass two (the stems summed and brought
 * to the target by one gain from the pieces' integrated loudness, encoded as AAC
 * for the video and MP3 for download), itself in chunks (master.ts). The stems are
 * the mix's parts at their mixed levels, before the final gain: kept per piece, and
 * joined as WAV only for the project zip (stemWavs).
 */
import { mkdir, open, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ffmpeg, MAX_PROCESSES } from "../media/ffmpeg";
import { mapWithLimit } from "../render/concurrency";
import { narrationRate } from "../media/narration";
import { holdsOf } from "../media/timeline";
import { readWavInfo } from "../media/wav";
import { moodLoopWav, type Mood } from "./bed";
import type { MixClip, MixMusic } from "./mix-input";
import { MAX_TRUE_PEAK_DBTP, MIX_RATE, type MixLevels, TARGET_LUFS } from "./schema";
import { type BedScene, joinGroupsGraph, lanesGraph, masterGain, mixGraph } from "./graph";
import { type ChunkStore, type MasterInput, type StemPaths, writeMaster } from "./master";
import { type LoudnessMeasurement, runMeasured } from "./loudness";
import { rollTaps } from "./rolls";
import { cutPieces, integrateLoudness, type MixPiece, type PieceLoudness, pieceClips, pieceKey, withHolds } from "./pieces";

/** Where a render's mix pieces are kept and found by content key (render-mix.ts: the writer's asset store). */
export interface PieceStore extends ChunkStore {
  /** The stored piece's loudness, or undefined when it is not kept. */
  loudness(key: string): Promise<PieceLoudness | undefined>;
  /** Puts a stored piece's stems (stemPaths) into `dir`: only the master chunks that are encoded read them. */
  stems(key: string, dir: string, music: boolean): Promise<void>;
  keepPiece(key: string, dir: string, loudness: PieceLoudness, music: boolean): Promise<void>;
}

export interface MixInput {
  clips: MixClip[];
  levels: MixLevels;
  music?: MixMusic;
  work: string;
  m4aPath: string;
  mp3Path: string;
  /** Called as each output is whole (master.ts). */
  onWritten?: MasterInput["onWritten"];
  /** The first clips of the pieces the mix is cut into (the compile's segments); absent, one piece. */
  pieceStarts?: number[];
  /** Keys the pieces and reuses stored ones (docs/decisions.md#an-incremental-mix). */
  /** Puts these clips' audio at their paths, when the files are not there yet: called before a piece is mixed anew (a stored piece reads none). */
  fetchClips?: (clips: number[]) => Promise<void>;
  reuse?: { userId: string; /** Per clip, a hash of its audio's bytes. */ audioIds: string[]; /** The uploaded track's id (required with one: pieces.ts pieceKey). */ trackId?: string; store: PieceStore };
}

export interface MixResult {
  /**
   * Per piece, where its stems are (or would be: a reused piece's are fetched only when a chunk read them)
   * and its key in the store (with reuse); stemWavs joins them.
   */
  pieceStems: { stems: Stems; key?: string }[];
  /** The mix's loudness before its final gain, integrated from its pieces' measurements. */
  measured: Pick<LoudnessMeasurement, "integrated" | "truePeak">;
  totalSamples: number;
  pieces: { total: number; reused: number };
  chunks: { total: number; reused: number };
}

/** Stored pieces looked up at once: network waits, not CPU. */
const LOOKUPS_AT_ONCE = 8;
/** Clips per ffmpeg run of the lanes: keeps each run under the open-file and argument limits. */
const GROUP = 100;
/** The bed's reference loudness: an uploaded track is brought here before its level (the generated loops sit about here). */
export const BED_REFERENCE_LUFS = -20;
/** The master's ceiling: under the product's −1 dBTP by the peaks AAC adds in encoding. */
const CEILING_DBTP = MAX_TRUE_PEAK_DBTP - 1;
const AAC_BITRATE = "128k";
const MP3_BITRATE = "160k";
/** At or under this a mix is silence: EBU R128 gates blocks under −70 LUFS out of the measurement. */
const SILENT_LUFS = -70;

async function runGraph(inputs: string[], graph: string, work: string, name: string, outputArgs: string[]) {
  const script = join(work, `${name}.filter`);
  await writeFile(script, graph);
  return [...inputs.flatMap((p) => ["-i", p]), "-filter_complex_script", script, ...outputArgs];
}

const wavOut = (label: string, path: string) => ["-map", `[${label}]`, "-c:a", "pcm_s16le", path];
/**
 * The stems: 16-bit FLAC, lossless and a fraction of a WAV's size (a voice lane is mostly silence), so a
 * feature's fit in the compile's disk and transfers (docs/decisions.md#stems-as-flac-in-the-compile).
 */
const stemOut = (label: string, path: string) => ["-map", `[${label}]`, "-c:a", "flac", "-sample_fmt", "s16", "-compression_level", String(FLAC_LEVEL), path];
/** FLAC's fast end: the higher levels save a few percent more for several times the CPU. */
const FLAC_LEVEL = 1;

/** The two lanes at the lines' own rate, joined in groups when there are many clips. */
async function writeLanes(clips: MixClip[], work: string): Promise<{ dialogue: string; narration: string }> {
  const rate = await narrationRate(clips.map((c) => c.audioPath));
  const defaultHolds = holdsOf(clips.map((c) => c.durationMs));
  const laneClips = clips.map((c, i) => {
    const hold = c.holdMs ?? defaultHolds[i];
    const samples = Math.round(((c.startMs + hold) * rate) / 1000) - Math.round((c.startMs * rate) / 1000);
    return { lane: c.lane, samples };
  });
  const lanes = { dialogue: join(work, "lane-dialogue.wav"), narration: join(work, "lane-narration.wav") };
  const groups: string[][] = [];
  for (let start = 0; start < clips.length; start += GROUP) {
    const end = Math.min(clips.length, start + GROUP);
    const single = start === 0 && end === clips.length;
    const paths = single ? [lanes.dialogue, lanes.narration] : [join(work, `lane-${start}-d.wav`), join(work, `lane-${start}-n.wav`)];
    const args = await runGraph(
      clips.slice(start, end).map((c) => c.audioPath),
      lanesGraph(laneClips.slice(start, end), rate),
      work,
      `lanes-${start}`,
      [...wavOut("dialogue", paths[0]), ...wavOut("narration", paths[1])],
    );
    await ffmpeg(args, { besideEncoders: true });
    groups.push(paths);
  }
  if (groups.length > 1) {
    const args = await runGraph(groups.flat(), joinGroupsGraph(groups.length), work, "lanes-join", [
      ...wavOut("dialogue", lanes.dialogue),
      ...wavOut("narration", lanes.narration),
    ]);
    await ffmpeg(args, { besideEncoders: true });
  }
  return lanes;
}

/** Frames in a PCM WAV, from its header. */
async function wavFrames(path: string): Promise<number> {
  const file = await open(path, "r");
  try {
    const head = new Uint8Array(4096);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    const info = readWavInfo(head.subarray(0, bytesRead));
    const { size } = await file.stat();
    return Math.floor((size - info.dataOffset) / (info.channels * (info.bitsPerSample / 8)));
  } finally {
    await file.close();
  }
}

/** Where each scene starts and how long it lasts, in samples at the mix rate. */
export function sceneSpans(clips: Pick<MixClip, "startMs" | "scene">[], totalSamples: number): { scene: number; start: number; samples: number }[] {
  const starts: { scene: number; start: number }[] = [];
  for (const c of clips) {
    if (starts.at(-1)?.scene !== c.scene) starts.push({ scene: c.scene, start: Math.round((c.startMs * MIX_RATE) / 1000) });
  }
  return starts.map((s, j) => ({ ...s, samples: (starts[j + 1]?.start ?? totalSamples) - s.start })).filter((s) => s.samples > 0);
}

/**
 * The bed's source: the generated moods' loops (each written once into the mix's folder when a piece first
 * needs it: a loop is about 3 MB, and a feature has dozens of pieces), or the writer's track at the mix rate.
 */
type BedSource = { kind: "generated"; moods: Mood[]; dir: string; loops: Map<Mood, Promise<string>> } | { kind: "track"; path: string; frames: number };

async function bedSource(music: MixMusic, work: string): Promise<BedSource> {
  if (music.kind === "generated") return { kind: "generated", moods: music.moods, dir: work, loops: new Map() };
  const path = join(work, "bed-track.wav");
  await ffmpeg(
    ["-i", music.path, "-map", "0:a:0", "-af", `volume=${music.gainDb.toFixed(2)}dB`, "-ar", String(MIX_RATE), "-ac", "2", "-c:a", "pcm_s16le", path],
    { besideEncoders: true },
  );
  return { kind: "track", path, frames: await wavFrames(path) };
}

/** Per scene of a piece, where in the bed's files it plays; `offset` is where the piece starts in the whole mix. */
async function writeBed(source: BedSource, clips: MixClip[], totalSamples: number, offset: number): Promise<BedScene[]> {
  const spans = sceneSpans(clips, totalSamples);
  if (source.kind === "generated") {
    const { loops } = source;
    // Pieces are mixed at once: the first to need a loop writes it, the others wait for that write.
    const loop = (mood: Mood) => {
      if (!loops.has(mood)) {
        const path = join(source.dir, `bed-${mood}.wav`);
        loops.set(mood, writeFile(path, moodLoopWav(mood)).then(() => path));
      }
      return loops.get(mood)!;
    };
    // Each scene starts its mood's phrase from the top.
    return Promise.all(spans.map(async (s) => ({ file: await loop(source.moods[s.scene] ?? "neutral"), startSample: 0, samples: s.samples })));
  }
  // The track runs on through the film, looping, with a dip at every scene change.
  return spans.map((s) => ({ file: source.path, startSample: (offset + s.start) % source.frames, samples: s.samples }));
}

type Stems = StemPaths;
const stemPaths = (dir: string, music: boolean): Stems => ({
  dialogue: join(dir, "dialogue.flac"),
  narration: join(dir, "narration.flac"),
  ...(music ? { music: join(dir, "music.flac") } : {}),
});

/** Pass one over one piece (clips timed from its start): its stems, at their mixed levels, and its loudness. */
async function mixPiece(clips: MixClip[], piece: MixPiece, levels: MixLevels, bed: BedSource | undefined, dir: string): Promise<PieceLoudness> {
  const lanes = await writeLanes(clips, dir);
  const scenes = bed ? await writeBed(bed, clips, piece.samples, piece.startSample) : undefined;
  const stems = stemPaths(dir, Boolean(scenes));
  const names = (["dialogue", "narration", "music"] as const).filter((stem) => stems[stem]);
  // Its rolls' fingerprints are tapped off the stems on their way to the FLACs (rolls.ts).
  const taps = rollTaps(names, piece.samples, dir);
  const graph = `${mixGraph({ totalSamples: piece.samples, levels, bed: scenes })};\n${taps.graph}`;
  const passOne = await runGraph([lanes.dialogue, lanes.narration], graph, dir, "mix", [
    ...names.flatMap((stem) => stemOut(taps.stemLabel(stem), stems[stem]!)),
    ...taps.args,
    "-map",
    "[measured]",
    "-f",
    "null",
    "-",
  ]);
  // Beside the video's encoders, like every run of the mix: single-threaded work the render's end waits on (media/ffmpeg.ts).
  const measured = await runMeasured(passOne, { besideEncoders: true });
  await Promise.all([rm(lanes.dialogue, { force: true }), rm(lanes.narration, { force: true })]);
  return { samples: piece.samples, integrated: measured.integrated, truePeak: measured.truePeak, rolls: await taps.read() };
}

/**
 * Each stem as one 16-bit WAV, its pieces' FLACs decoded and joined (the concat demuxer: no re-encoding),
 * for the project zip; the same bytes a joined FLAC decoded to WAV gave (docs/decisions.md#a-master-in-chunks).
 */
export async function stemWavs(pieces: Stems[], work: string): Promise<Stems> {
  const names = (["dialogue", "narration", "music"] as const).filter((name) => pieces[0][name]);
  const wavs = Object.fromEntries(names.map((name) => [name, join(work, `stem-${name}.wav`)])) as Stems;
  for (const name of names) {
    const list = join(work, `stem-${name}.txt`);
    await writeFile(list, pieces.map((p) => `file '${p[name]!.replace(/'/g, "'\\''")}'\n`).join(""));
    await ffmpeg(["-f", "concat", "-safe", "0", "-i", list, "-map", "0:a:0", "-c:a", "pcm_s16le", wavs[name]!]);
    await rm(list, { force: true });
  }
  return wavs;
}

export async function writeMix(input: MixInput): Promise<MixResult> {
  const { work, reuse } = input;
  if (!input.clips.length) throw new Error("A mix needs at least one clip.");
  const clips = withHolds(input.clips);
  const last = clips.at(-1)!;
  const totalSamples = Math.round(((last.startMs + last.holdMs) * MIX_RATE) / 1000);
  const bed = input.music ? await bedSource(input.music, work) : undefined;
  const music = Boolean(bed);
  const track = bed?.kind === "track" && reuse ? { id: reuse.trackId ?? "", frames: bed.frames } : undefined;
  const pieces = cutPieces(clips, input.pieceStarts ?? [0], totalSamples);
  // Pieces at once, as many as the ffmpeg pool runs: each is single-threaded (media/ffmpeg.ts).
  const keys = pieces.map((piece) =>
    reuse ? pieceKey({ userId: reuse.userId, clips, audioIds: reuse.audioIds, piece, levels: input.levels, music: input.music, track }) : undefined,
  );
  // The stored pieces' loudness first, several lookups at once (a revision's are nearly all of them).
  const stored = await mapWithLimit(keys, LOOKUPS_AT_ONCE, (key) => (key ? reuse!.store.loudness(key) : Promise.resolve(undefined)));
  const made = await mapWithLimit(pieces, MAX_PROCESSES, async (piece, j) => {
    const dir = join(work, `piece-${String(j).padStart(4, "0")}`);
    await mkdir(dir, { recursive: true });
    const key = keys[j];
    const found = stored[j];
    if (found) return { key, dir, loudness: found, local: false };
    await input.fetchClips?.(Array.from({ length: piece.endClip - piece.firstClip }, (_, k) => piece.firstClip + k));
    const loudness = await mixPiece(pieceClips(clips, piece), piece, input.levels, bed, dir);
    if (key) await reuse!.store.keepPiece(key, dir, loudness, music);
    return { key, dir, loudness, local: true };
  });
  const loudness = made.map((m) => m.loudness);
  const measured = integrateLoudness(loudness, SILENT_LUFS);
  // A silent mix (an animal's lines only, test voices) is kept silent rather than failing the render.
  const audible = Number.isFinite(measured.integrated) && measured.integrated > SILENT_LUFS;
  const fetched = new Map<number, Promise<void>>();
  const pieceStems = async (j: number) => {
    const m = made[j];
    if (!m.local && !fetched.has(j)) fetched.set(j, reuse!.store.stems(m.key!, m.dir, music));
    await fetched.get(j);
    return stemPaths(m.dir, music);
  };
  const settings = {
    gainDb: masterGain(audible ? measured : null, TARGET_LUFS),
    targetLufs: TARGET_LUFS,
    ceilingDbtp: CEILING_DBTP,
    // Web video's usual rate, and half the CPU of 160 kb/s in ffmpeg's own encoder (docs/decisions.md#a-cheaper-master).
    aacBitrate: AAC_BITRATE,
    mp3Bitrate: MP3_BITRATE,
    hasMusic: music,
  };
  const chunks = await writeMaster({
    pieces,
    loudness,
    pieceStems,
    totalSamples,
    settings,
    work,
    m4aPath: input.m4aPath,
    mp3Path: input.mp3Path,
    onWritten: input.onWritten,
    reuse: reuse ? { userId: reuse.userId, pieceKeys: made.map((m) => m.key!), store: reuse.store } : undefined,
  });
  return {
    pieceStems: made.map((m) => ({ stems: stemPaths(m.dir, music), key: m.key })),
    measured,
    totalSamples,
    pieces: { total: pieces.length, reused: made.filter((m) => !m.local).length },
    chunks,
  };
}
