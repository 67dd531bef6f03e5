/**
 * The filter graphs of the sound mix (docs/decisions.md#the-sound-mix), as
 * text for ffmpeg's -filter_complex_script, built from plain figures so they
 * can be read and tested without running anything:
 * - lanes: every clip's line padded to its hold, on the dialogue or the
 *   narration lane, silence on the other (the lanes line up sample for sample);
 * - the mix: levels, the music bed per scene with fades at scene changes,
 *   ducked under the voices by a sidechain compressor, the stems, and the
 *   sum measured with ebur128 (pass one);
 * - the master: the stems summed and brought to the target loudness by one
 *   gain from pass one's measurement (pass two).
 */
import { MIX_RATE } from "./schema";
import type { LoudnessMeasurement } from "./loudness";

export type Lane = "dialogue" | "narration";

export interface LaneClip {
  lane: Lane;
  /** Samples of its hold at the lanes' rate. */
  samples: number;
}

/** Clip i is input i: each lane is the concatenation of its own clips and silence where the other lane speaks. */
export function lanesGraph(clips: LaneClip[], rate: number): string {
  const parts: string[] = [];
  const labels: Record<Lane, string[]> = { dialogue: [], narration: [] };
  clips.forEach((clip, i) => {
    const fit = `aresample=${rate},aformat=sample_fmts=s16:channel_layouts=mono,apad,atrim=end_sample=${clip.samples}`;
    parts.push(`[${i}:a]${fit}[c${i}]`);
    const other: Lane = clip.lane === "dialogue" ? "narration" : "dialogue";
    parts.push(`anullsrc=r=${rate}:cl=mono,aformat=sample_fmts=s16,atrim=end_sample=${clip.samples}[z${i}]`);
    labels[clip.lane].push(`[c${i}]`);
    labels[other].push(`[z${i}]`);
  });
  const n = clips.length;
  parts.push(`${interleave(clips, "dialogue")}concat=n=${n}:v=0:a=1[dialogue]`);
  parts.push(`${interleave(clips, "narration")}concat=n=${n}:v=0:a=1[narration]`);
  return parts.join(";\n");
}

const interleave = (clips: LaneClip[], lane: Lane) => clips.map((c, i) => (c.lane === lane ? `[c${i}]` : `[z${i}]`)).join("");

/** Inputs 2k and 2k+1 are group k's dialogue and narration: each lane joined from its groups. */
export function joinGroupsGraph(groups: number): string {
  const lane = (offset: number, label: string) =>
    `${Array.from({ length: groups }, (_, k) => `[${2 * k + offset}:a]`).join("")}concat=n=${groups}:v=0:a=1[${label}]`;
  return [lane(0, "dialogue"), lane(1, "narration")].join(";\n");
}

/** One scene's stretch of the bed: a looping source file from a sample, for the scene's length. */
export interface BedScene {
  /** A WAV at the mix rate that loops (a mood's loop, or the writer's track). */
  file: string;
  startSample: number;
  samples: number;
}

/** Fades at scene changes: a second, or a quarter of a short scene. */
export const fadeSamples = (samples: number) => Math.max(1, Math.min(MIX_RATE, Math.floor(samples / 4)));

/** The sidechain compressor that ducks the music under speech: fast enough to clear a first word, slow to return. */
export const DUCKING = "sidechaincompress=threshold=0.02:ratio=4:attack=40:release=600:knee=4";

export interface MixGraphInput {
  /** Samples of the whole mix at MIX_RATE (the video's length). */
  totalSamples: number;
  levels: { dialogue: number; narration: number; music: number };
  /** Absent: no music, no music stem. */
  bed?: BedScene[];
}

/** A path inside a filter's option, quoted as ffmpeg's filter syntax wants. */
const quoted = (path: string) => `'${path.replace(/\\/g, "/").replace(/'/g, "'\\\\''").replace(/:/g, "\\:")}'`;

const fitted = (input: number, total: number, db: number, label: string) =>
  `[${input}:a]aresample=${MIX_RATE},aformat=sample_fmts=fltp:channel_layouts=mono,apad,atrim=end_sample=${total},volume=${db}dB,asplit=2[${label}][${label}_mix]`;
const toStereo = "pan=stereo|c0=c0|c1=c0";
const MEASURE = "ebur128=peak=true:framelog=verbose";

/**
 * Pass one. Inputs 0 and 1: the dialogue and narration lanes. Outputs: the
 * stems [dialogue], [narration] (mono) and [music] (stereo, ducked, when there
 * is a bed), and [measured], the stereo sum through ebur128, for a null sink.
 */
export function mixGraph(input: MixGraphInput): string {
  const { totalSamples: total, levels } = input;
  const parts = [
    fitted(0, total, levels.dialogue, "dialogue"),
    fitted(1, total, levels.narration, "narration"),
    `[dialogue_mix][narration_mix]amix=inputs=2:duration=longest,volume=2,${toStereo}${input.bed ? ",asplit=2[speech][key]" : "[speech]"}`,
  ];
  if (!input.bed) {
    parts.push(`[speech]${MEASURE}[measured]`);
    return parts.join(";\n");
  }
  input.bed.forEach((scene, j) => {
    const fade = fadeSamples(scene.samples);
    parts.push(
      `amovie=${quoted(scene.file)}:loop=0,aformat=sample_fmts=fltp:sample_rates=${MIX_RATE}:channel_layouts=stereo,` +
        `atrim=start_sample=${scene.startSample}:end_sample=${scene.startSample + scene.samples},asetpts=PTS-STARTPTS,` +
        `afade=t=in:ss=0:ns=${fade},afade=t=out:ss=${scene.samples - fade}:ns=${fade}[bed${j}]`,
    );
  });
  const scenes = input.bed.map((_, j) => `[bed${j}]`).join("");
  parts.push(`${scenes}concat=n=${input.bed.length}:v=0:a=1,apad,atrim=end_sample=${total},volume=${levels.music}dB[bed]`);
  parts.push(`[bed][key]${DUCKING},asplit=2[music][music_mix]`);
  parts.push(`[speech][music_mix]amix=inputs=2:duration=longest,volume=2,${MEASURE}[measured]`);
  return parts.join(";\n");
}

/** Peaks may sit this far above the loudness and still fit under the ceiling after the gain (with a margin for encoding). */
const PEAK_HEADROOM_MARGIN = 0.5;
/**
 * The master's gain is a multiple of this: a revision that moves the whole mix's loudness a little keeps the
 * same gain, so the master chunks it did not touch keep their keys (docs/decisions.md#a-master-in-chunks).
 */
export const GAIN_STEP_DB = 0.25;

/** The gain that brings the mix to the target, on GAIN_STEP_DB; null for a silent mix (nothing to bring anywhere). */
export function masterGain(measured: Pick<LoudnessMeasurement, "integrated"> | null, targetLufs: number): number | null {
  if (!measured) return null;
  // Rounded on the step, then to hundredths, so the figure prints (and keys) the same wherever it is computed.
  return Number((Math.round((targetLufs - measured.integrated) / GAIN_STEP_DB) * GAIN_STEP_DB).toFixed(2));
}

/**
 * The limiter's ceiling (linear, before the gain) for a stretch whose true peak is `truePeak`, or null when
 * its peaks fit under the ceiling after the gain: a stretch's limiter depends on its own peaks and the gain only.
 */
export function limitFor(gainDb: number | null, truePeak: number, ceilingDbtp: number): number | null {
  if (gainDb === null) return null;
  const allowedPeak = ceilingDbtp - gainDb; // the peak before the gain that lands on the ceiling after it
  if (!(truePeak > allowedPeak)) return null;
  return Number(Math.min(1, Math.max(0.0625, 10 ** ((allowedPeak - PEAK_HEADROOM_MARGIN) / 20))).toFixed(4));
}

export interface MasterGraphInput {
  /** Samples of the output, stereo at MIX_RATE. */
  totalSamples: number;
  /** The master's gain (masterGain); null for a silent mix, which is summed and never raised. */
  gainDb: number | null;
  /** The limiter's ceiling (limitFor), or null for none. */
  limit: number | null;
  /** The stems' streams: dialogue, narration and music (when there is one); by default inputs 0, 1 and 2. */
  inputs?: string[];
  hasMusic: boolean;
}

/**
 * Pass two: the stems summed as pass one summed them, then one gain for the
 * whole mix, from pass one's measurement: what loudnorm's linear mode does,
 * without its 192 kHz resampling (docs/decisions.md#a-cheaper-master). A mix
 * whose peaks would pass the ceiling after that gain is first limited to fit
 * (alimiter, sample peaks, with a half-dB margin for the inter-sample ones).
 * Outputs [master] and [master_mp3]: stereo at MIX_RATE, exactly totalSamples long.
 */
export function masterGraph(input: MasterGraphInput): string {
  const { totalSamples, gainDb, limit } = input;
  const [dialogue, narration, music] = input.inputs ?? ["[0:a]", "[1:a]", "[2:a]"];
  const speech = `${dialogue}${narration}amix=inputs=2:duration=longest,volume=2,${toStereo}`;
  const sum = input.hasMusic ? [`${speech}[speech]`, `[speech]${music}amix=inputs=2:duration=longest,volume=2`] : [speech];
  const end = `aformat=sample_fmts=fltp:sample_rates=${MIX_RATE}:channel_layouts=stereo,apad,atrim=end_sample=${totalSamples},asplit=2[master][master_mp3]`;
  const last = sum.length - 1;
  if (gainDb === null) {
    sum[last] += `,${end}`;
    return sum.join(";\n");
  }
  const limiter = limit !== null ? `,alimiter=limit=${limit.toFixed(4)}:attack=5:release=80:level=false` : "";
  sum[last] += `${limiter},volume=${gainDb.toFixed(2)}dB,${end}`;
  return sum.join(";\n");
}
