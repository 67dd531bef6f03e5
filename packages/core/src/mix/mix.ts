/**
 * The sound mix of a render (docs/decisions.md#the-sound-mix): the voices on
 * their two lanes, the music bed under them, ducked, and the sum brought to
 * −16 LUFS integrated with its true peak under −1 dBTP, in three ffmpeg runs:
 * the lanes (every line padded to its hold, as the video holds it), pass one
 * (levels, bed, ducking, the stems, and the sum measured) and pass two (the
 * stems summed and brought to the target by one gain, encoded as AAC for the
 * video and MP3 for download). The stems are the mix's parts at their mixed levels, before
 * the final gain.
 */
import { open, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ffmpeg } from "../media/ffmpeg";
import { narrationRate } from "../media/narration";
import { holdsOf } from "../media/timeline";
import { readWavInfo } from "../media/wav";
import { moodLoopWav, type Mood } from "./bed";
import { MAX_TRUE_PEAK_DBTP, MIX_RATE, type MixLevels, TARGET_LUFS } from "./schema";
import { type BedScene, joinGroupsGraph, type Lane, lanesGraph, masterGraph, mixGraph } from "./graph";
import { type LoudnessMeasurement, runMeasured } from "./loudness";

export interface MixClip {
  audioPath: string;
  /** Where the clip starts in the video (the timeline's startMs). */
  startMs: number;
  /** The line's own length. */
  durationMs: number;
  /** The timeline's hold when it differs from holdsOf's (a segment's last clip). */
  holdMs?: number;
  lane: Lane;
  /** 0-based scene the clip belongs to; scenes change where this does. */
  scene: number;
}

export type MixMusic =
  | { kind: "generated"; /** Per scene, its mood's score. */ moods: Mood[] }
  | { kind: "upload"; path: string; /** Brings the track to the bed's reference loudness. */ gainDb: number };

export interface MixInput {
  clips: MixClip[];
  levels: MixLevels;
  music?: MixMusic;
  work: string;
  m4aPath: string;
  mp3Path: string;
}

export interface MixResult {
  stems: { dialogue: string; narration: string; music?: string };
  /** Pass one's measurement of the mix before its final gain. */
  measured: LoudnessMeasurement;
  totalSamples: number;
}

/** Clips per ffmpeg run of the lanes: keeps each run under the open-file and argument limits. */
const GROUP = 100;
/** The bed's reference loudness: an uploaded track is brought here before its level (the generated loops sit about here). */
export const BED_REFERENCE_LUFS = -20;
/** The master's ceiling: under the product's −1 dBTP by the peaks AAC adds in encoding. */
const CEILING_DBTP = MAX_TRUE_PEAK_DBTP - 1;
const AAC_BITRATE = "128k";
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

/** The bed's source files and, per scene, where in them it plays. */
async function writeBed(music: MixMusic, clips: MixClip[], totalSamples: number, work: string): Promise<BedScene[]> {
  const spans = sceneSpans(clips, totalSamples);
  if (music.kind === "generated") {
    const files = new Map<Mood, string>();
    for (const mood of new Set(spans.map((s) => music.moods[s.scene] ?? "neutral"))) {
      const path = join(work, `bed-${mood}.wav`);
      await writeFile(path, moodLoopWav(mood));
      files.set(mood, path);
    }
    // Each scene starts its mood's phrase from the top.
    return spans.map((s) => ({ file: files.get(music.moods[s.scene] ?? "neutral")!, startSample: 0, samples: s.samples }));
  }
  const track = join(work, "bed-track.wav");
  await ffmpeg(
    ["-i", music.path, "-map", "0:a:0", "-af", `volume=${music.gainDb.toFixed(2)}dB`, "-ar", String(MIX_RATE), "-ac", "2", "-c:a", "pcm_s16le", track],
    { besideEncoders: true },
  );
  const frames = await wavFrames(track);
  // The track runs on through the film, looping, with a dip at every scene change.
  return spans.map((s) => ({ file: track, startSample: s.start % frames, samples: s.samples }));
}

export async function writeMix(input: MixInput): Promise<MixResult> {
  const { clips, work } = input;
  if (!clips.length) throw new Error("A mix needs at least one clip.");
  const lanes = await writeLanes(clips, work);
  const last = clips.at(-1)!;
  const totalMs = last.startMs + (last.holdMs ?? holdsOf(clips.map((c) => c.durationMs)).at(-1)!);
  const totalSamples = Math.round((totalMs * MIX_RATE) / 1000);
  const bed = input.music ? await writeBed(input.music, clips, totalSamples, work) : undefined;
  const stems = {
    dialogue: join(work, "dialogue.flac"),
    narration: join(work, "narration.flac"),
    ...(bed ? { music: join(work, "music.flac") } : {}),
  };
  const passOne = await runGraph([lanes.dialogue, lanes.narration], mixGraph({ totalSamples, levels: input.levels, bed }), work, "mix", [
    ...stemOut("dialogue", stems.dialogue),
    ...stemOut("narration", stems.narration),
    ...(stems.music ? stemOut("music", stems.music) : []),
    "-map",
    "[measured]",
    "-f",
    "null",
    "-",
  ]);
  // Beside the video's encoders, like every run of the mix: single-threaded work the render's end waits on (media/ffmpeg.ts).
  const measured = await runMeasured(passOne, { besideEncoders: true });
  // A silent mix (an animal's lines only, test voices) is kept silent rather than failing the render.
  const audible = Number.isFinite(measured.integrated) && measured.integrated > SILENT_LUFS;
  const master = masterGraph({ totalSamples, measured: audible ? measured : null, targetLufs: TARGET_LUFS, ceilingDbtp: CEILING_DBTP, hasMusic: Boolean(stems.music) });
  const passTwo = await runGraph([stems.dialogue, stems.narration, ...(stems.music ? [stems.music] : [])], master, work, "master", [
    "-map",
    "[master]",
    "-c:a",
    "aac",
    "-aac_coder",
    "fast",
    "-b:a",
    // Web video's usual rate, and half the CPU of 160 kb/s in ffmpeg's own encoder (docs/decisions.md#a-cheaper-master).
    AAC_BITRATE,
    "-f",
    "mp4",
    input.m4aPath,
    "-map",
    "[master_mp3]",
    "-c:a",
    "libmp3lame",
    "-compression_level",
    "7",
    "-b:a",
    "160k",
    input.mp3Path,
  ]);
  await ffmpeg(passTwo, { besideEncoders: true });
  return { stems, measured, totalSamples };
}
