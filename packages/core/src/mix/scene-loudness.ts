/**
 * Per scene, what a listener hears, in numbers (the issue's listen-proxy):
 * the mix's loudness and true peak, the voices' loudness while someone speaks
 * and the music's under them, from the stems. Used by the loudness test and
 * the figures in docs/decisions.md#the-sound-mix.
 */
import { MIX_RATE } from "./schema";
import { measureFile, runMeasured } from "./loudness";
import { sceneSpans } from "./mix";
import type { MixClip } from "./mix-input";

export interface SceneLoudness {
  scene: number;
  startSeconds: number;
  seconds: number;
  /** The final mix over the scene. */
  mixLufs: number;
  mixTruePeak: number;
  /** While a line is spoken: the voices, and the ducked music under them. */
  speechLufs: number;
  musicUnderSpeechLufs: number;
  /** speechLufs − musicUnderSpeechLufs, in LU (Infinity without music). */
  speechOverMusic: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Keeps only the frames (10 ms each) inside the given seconds. */
const onlyDuring = (spans: [number, number][]) =>
  `asetnsamples=n=${MIX_RATE / 100},aselect='${spans.map(([a, b]) => `between(t,${a.toFixed(3)},${b.toFixed(3)})`).join("+")}'`;
const MEASURE = "ebur128=peak=true:framelog=verbose";

export async function sceneLoudness(input: {
  clips: MixClip[];
  stems: { dialogue: string; narration: string; music?: string };
  mixPath: string;
  totalSamples: number;
}): Promise<SceneLoudness[]> {
  const results: SceneLoudness[] = [];
  for (const span of sceneSpans(input.clips, input.totalSamples)) {
    const speaking = input.clips
      .filter((c) => c.scene === span.scene)
      .map((c): [number, number] => [c.startMs / 1000, (c.startMs + c.durationMs) / 1000]);
    const startSeconds = span.start / MIX_RATE;
    const seconds = span.samples / MIX_RATE;
    const mix = await measureFile(input.mixPath, { startSeconds, seconds });
    const speech = await runMeasured([
      "-i",
      input.stems.dialogue,
      "-i",
      input.stems.narration,
      "-filter_complex",
      `[0:a][1:a]amix=inputs=2,volume=2,${onlyDuring(speaking)},${MEASURE}[out]`,
      "-map",
      "[out]",
      "-f",
      "null",
      "-",
    ]);
    const music = input.stems.music
      ? await runMeasured(["-i", input.stems.music, "-af", `${onlyDuring(speaking)},${MEASURE}`, "-f", "null", "-"])
      : undefined;
    // The voice stems are mono: as the mix carries them (both channels), they measure 3 LU louder.
    const speechLufs = speech.integrated + 10 * Math.log10(2);
    const musicLufs = music ? music.integrated : Number.NEGATIVE_INFINITY;
    results.push({
      scene: span.scene,
      startSeconds: round(startSeconds),
      seconds: round(seconds),
      mixLufs: round(mix.integrated),
      mixTruePeak: round(mix.truePeak),
      speechLufs: round(speechLufs),
      musicUnderSpeechLufs: round(musicLufs),
      speechOverMusic: round(speechLufs - musicLufs),
    });
  }
  return results;
}
