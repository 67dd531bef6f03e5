/**
 * The combined narration: every clip's audio padded with silence to its hold
 * (timeline.ts: a minimum per shot and a closing hold; sample-exact, from the clips' cumulative start times, so it never
 * drifts from the picture), joined in order and encoded as AAC (for the mp4)
 * and MP3. Long renders are joined in groups first, which keeps each ffmpeg
 * run well under the open-file and argument-size limits.
 */
import { open, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ffmpeg } from "./ffmpeg";
import { holdsOf } from "./timeline";
import { readWavInfo } from "./wav";

export interface NarrationClip {
  audioPath: string;
  /** Where the clip starts in the video (the timeline's startMs). */
  startMs: number;
  /** How long its speech is; the clip is padded with silence to its hold (timeline.ts holdsOf). */
  durationMs: number;
  /** The timeline's hold when it differs from holdsOf's (a segment's last clip, lengthened to a whole frame). */
  holdMs?: number;
}

/** Output rate when an input is not a WAV we can read (cloud speech is usually 44.1 kHz MP3). */
const DEFAULT_RATE = 44100;
/** Clips per ffmpeg run. */
const GROUP = 100;

/**
 * The narration's sample rate: the highest of its WAV inputs (offline speech
 * is 22.05 kHz, and encoding at that rate costs half), or 44.1 kHz.
 */
export async function narrationRate(paths: string[]): Promise<number> {
  let rate = 0;
  for (const path of paths) {
    const file = await open(path, "r");
    try {
      const head = new Uint8Array(4096);
      const { bytesRead } = await file.read(head, 0, head.length, 0);
      rate = Math.max(rate, readWavInfo(head.subarray(0, bytesRead)).sampleRate);
    } catch {
      return DEFAULT_RATE; // not a WAV (or an unusual one): let ffmpeg decode it at the usual rate
    } finally {
      await file.close();
    }
  }
  return rate || DEFAULT_RATE;
}

/** A filter graph that fits each input to its sample count and joins them. */
function joinGraph(sampleCounts: number[], rate: number, output: string): string {
  const parts = sampleCounts.map(
    (n, i) => `[${i}:a]aresample=${rate},aformat=sample_fmts=s16:channel_layouts=mono,apad,atrim=end_sample=${n}[a${i}]`,
  );
  const joined = sampleCounts.map((_, i) => `[a${i}]`).join("");
  return [...parts, `${joined}concat=n=${sampleCounts.length}:v=0:a=1${output}`].join(";\n");
}

async function runGraph(inputs: string[], graph: string, work: string, name: string, outputArgs: string[]): Promise<void> {
  const script = join(work, `${name}.filter`);
  await writeFile(script, graph);
  await ffmpeg([...inputs.flatMap((p) => ["-i", p]), "-filter_complex_script", script, ...outputArgs], { besideEncoders: true });
}

export async function writeNarration(clips: NarrationClip[], work: string, m4aPath: string, mp3Path: string): Promise<void> {
  const rate = await narrationRate(clips.map((c) => c.audioPath));
  const defaultHolds = holdsOf(clips.map((c) => c.durationMs));
  const holds = clips.map((c, i) => c.holdMs ?? defaultHolds[i]);
  const samples = clips.map((c, i) => Math.round(((c.startMs + holds[i]) * rate) / 1000) - Math.round((c.startMs * rate) / 1000));

  let inputs = clips.map((c) => c.audioPath);
  let counts = samples;
  if (clips.length > GROUP) {
    const groups: string[] = [];
    const groupCounts: number[] = [];
    for (let g = 0; g * GROUP < clips.length; g++) {
      const slice = [g * GROUP, Math.min(clips.length, (g + 1) * GROUP)] as const;
      const path = join(work, `narration-${g}.wav`);
      const graph = joinGraph(samples.slice(...slice), rate, "[out]");
      await runGraph(inputs.slice(...slice), graph, work, `narration-${g}`, ["-map", "[out]", "-c:a", "pcm_s16le", path]);
      groups.push(path);
      groupCounts.push(samples.slice(...slice).reduce((a, b) => a + b, 0));
    }
    inputs = groups;
    counts = groupCounts;
  }
  const bitrate = rate > 24000 ? "128k" : "64k";
  await runGraph(inputs, joinGraph(counts, rate, ",asplit=2[m4a][mp3]"), work, "narration", [
    // The fast AAC coder and a quicker LAME setting halve the cost; speech needs no more.
    "-map",
    "[m4a]",
    "-c:a",
    "aac",
    "-aac_coder",
    "fast",
    "-b:a",
    bitrate,
    "-f",
    "mp4",
    m4aPath,
    "-map",
    "[mp3]",
    "-c:a",
    "libmp3lame",
    "-compression_level",
    "7",
    "-b:a",
    bitrate,
    mp3Path,
  ]);
}
