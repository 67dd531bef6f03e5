/**
 * A piece's rolls (docs/decisions.md#a-master-chunk-reads-its-neighbours-rolls-not-their-pieces): the samples of
 * its stems that its neighbours' master chunks read, its head for the chunk before it and its tail for the one
 * after. Their fingerprints are taken while the piece is mixed (taps on pass one's stems, no decoding again) and
 * kept with its loudness, so a neighbour's chunk is keyed by the samples it reads, not by the whole piece: a
 * line rewritten in the middle of a piece leaves its neighbours' chunks as they were.
 */
import { createHash } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";

/**
 * Signal encoded before and after a chunk's piece (the encoders' state settles on it, and it is dropped):
 * a multiple of both frames (their lcm: 192 ms at 48 kHz), so the piece starts on a frame of each codec.
 */
export const ROLL = 9216;

/** What a neighbour's chunk reads of a piece of `samples` samples: its first and its last ROLL (all of a shorter piece). */
export const headRead = (samples: number) => ({ from: 0, to: Math.min(ROLL, samples) });
export const tailRead = (samples: number) => ({ from: Math.max(0, samples - ROLL), to: samples });

/** SHA-256 of the stems' 16-bit samples in a piece's head and tail, in stem order. */
export interface PieceRolls {
  head: string;
  tail: string;
}

/**
 * Taps on pass one's stems: each stem's label split three ways, one to its FLAC (`stemLabel`), one trimmed to
 * the head and one to the tail, written as raw 16-bit samples (the FLAC's own) beside it.
 */
export function rollTaps(stems: readonly string[], samples: number, dir: string) {
  const [head, tail] = [headRead(samples), tailRead(samples)];
  const file = (stem: string, end: keyof PieceRolls) => join(dir, `${stem}-${end}.s16`);
  const graph = stems.flatMap((stem) => [
    `[${stem}]asplit=3[${stem}_stem][${stem}_headtap][${stem}_tailtap]`,
    `[${stem}_headtap]atrim=start_sample=${head.from}:end_sample=${head.to}[${stem}_head]`,
    `[${stem}_tailtap]atrim=start_sample=${tail.from}:end_sample=${tail.to}[${stem}_tail]`,
  ]);
  const args = stems.flatMap((stem) =>
    (["head", "tail"] as const).flatMap((end) => ["-map", `[${stem}_${end}]`, "-c:a", "pcm_s16le", "-f", "s16le", file(stem, end)]),
  );
  return {
    graph: graph.join(";\n"),
    args,
    stemLabel: (stem: string) => `${stem}_stem`,
    /** The fingerprints, once ffmpeg has written the taps; the raw files are removed. */
    async read(): Promise<PieceRolls> {
      const fingerprint = async (end: keyof PieceRolls) => {
        const hash = createHash("sha256");
        for (const stem of stems) hash.update(`${stem}:`).update(await readFile(file(stem, end)));
        return hash.digest("hex");
      };
      const rolls = { head: await fingerprint("head"), tail: await fingerprint("tail") };
      await Promise.all(stems.flatMap((stem) => [rm(file(stem, "head"), { force: true }), rm(file(stem, "tail"), { force: true })]));
      return rolls;
    },
  };
}

/** Rolls read back from a stored piece's facts; undefined for a piece kept before they were (its whole key stands in). */
export function storedRolls(value: unknown): PieceRolls | undefined {
  const rolls = value as Partial<PieceRolls> | undefined;
  const isHash = (s: unknown) => typeof s === "string" && /^[0-9a-f]{64}$/.test(s);
  return rolls && isHash(rolls.head) && isHash(rolls.tail) ? { head: rolls.head!, tail: rolls.tail! } : undefined;
}
