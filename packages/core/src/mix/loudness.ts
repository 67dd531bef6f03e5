/**
 * Loudness as EBU R128 measures it, by ffmpeg's ebur128 filter (integrated
 * loudness, its gate, the loudness range and the true peak), read from the
 * summary the filter prints when its stream ends.
 */
import { ffmpegPath, run, type RunOptions } from "../media/ffmpeg";

export interface LoudnessMeasurement {
  /** Integrated loudness, LUFS. */
  integrated: number;
  /** The relative gate of the integrated measurement, LUFS (loudnorm's measured_thresh). */
  threshold: number;
  /** Loudness range, LU. */
  range: number;
  /** True peak, dBTP (−Infinity for digital silence). */
  truePeak: number;
}

const figure = (text: string, pattern: RegExp): number => {
  const match = pattern.exec(text);
  if (!match) throw new Error(`The loudness summary has no ${pattern.source}.`);
  return match[1] === "-inf" ? Number.NEGATIVE_INFINITY : Number(match[1]);
};

/** Reads the last ebur128 summary in ffmpeg's log (its stderr at info level). */
export function parseEbur128Summary(log: string): LoudnessMeasurement {
  const at = log.lastIndexOf("Summary:");
  if (at < 0) throw new Error("ffmpeg printed no loudness summary.");
  const summary = log.slice(at);
  return {
    integrated: figure(summary, /I:\s+(-?[\d.]+|-inf) LUFS/),
    threshold: figure(summary, /Threshold:\s+(-?[\d.]+|-inf) LUFS/),
    range: figure(summary, /LRA:\s+(-?[\d.]+|-inf) LU/),
    truePeak: figure(summary, /Peak:\s+(-?[\d.]+|-inf) dBFS/),
  };
}

/**
 * Runs ffmpeg with its log at info level (the summary is printed there; the
 * per-frame lines are kept at verbose by framelog) and answers the summary.
 */
export async function runMeasured(args: string[], options: RunOptions = {}): Promise<LoudnessMeasurement> {
  const { stderr } = await run(ffmpegPath, ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "info", "-y", ...args], options);
  return parseEbur128Summary(stderr);
}

/** The loudness of a file's first audio stream, from `startSeconds` for `seconds` when given. */
export function measureFile(path: string, range?: { startSeconds: number; seconds: number }): Promise<LoudnessMeasurement> {
  const window = range ? ["-ss", String(range.startSeconds), "-t", String(range.seconds)] : [];
  return runMeasured([...window, "-i", path, "-map", "0:a:0", "-af", "ebur128=peak=true:framelog=verbose", "-f", "null", "-"]);
}
