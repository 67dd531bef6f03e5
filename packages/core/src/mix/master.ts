/**
 * Pass two in chunks (docs/decisions.md#a-master-in-chunks): each chunk's stretch of the stems summed,
 * brought to the target and encoded as AAC (ADTS) and MP3 with its rolls, its own frames kept, or its
 * kept frames found in the writer's store under its key; then the chunks' frames joined by a byte copy.
 */
import { createWriteStream } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ffmpeg, MAX_PROCESSES } from "../media/ffmpeg";
import { mapWithLimit } from "../render/concurrency";
import { adtsFrames, frameSlice, mp3Frames } from "./frames";
import { limitFor, masterGraph } from "./graph";
import { AAC_FRAME, chunkKey, keptFrames, type MasterChunk, type MasterSettings, MP3_FRAME, planChunks } from "./master-chunks";
import type { MixPiece, PieceLoudness } from "./pieces";
import { MIX_RATE } from "./schema";
import { endSoundAt } from "./mp4-edit";

/** A chunk's kept frames: `{key}-master.aac` and `{key}-master.mp3` beside the pieces. */
export interface ChunkStore {
  /** Puts the chunk's kept frames at the paths and answers true, or false when it is not kept. */
  findChunk(key: string, aacPath: string, mp3Path: string): Promise<boolean>;
  keepChunk(key: string, aacPath: string, mp3Path: string): Promise<void>;
}

export type StemPaths = { dialogue: string; narration: string; music?: string };

export interface MasterInput {
  pieces: MixPiece[];
  loudness: PieceLoudness[];
  /** A piece's stems on disk (fetched from the store on first need). */
  pieceStems: (piece: number) => Promise<StemPaths>;
  totalSamples: number;
  settings: MasterSettings;
  work: string;
  m4aPath: string;
  mp3Path: string;
  /** With the pieces' keys, chunks are keyed and reused. */
  reuse?: { userId: string; pieceKeys: string[]; store: ChunkStore };
}

/** The ffmpeg graph of one chunk: its reads of each stem trimmed and joined, then masterGraph over them. */
export function chunkGraph(chunk: MasterChunk, hasMusic: boolean, gainDb: number | null, limit: number | null): string {
  const stems = hasMusic ? ["dialogue", "narration", "music"] : ["dialogue", "narration"];
  const parts: string[] = [];
  const labels = stems.map((stem, s) => {
    const reads = chunk.reads.map((r, k) => {
      parts.push(`[${k * stems.length + s}:a]atrim=start_sample=${r.from}:end_sample=${r.to},asetpts=PTS-STARTPTS[${stem}${k}]`);
      return `[${stem}${k}]`;
    });
    if (reads.length === 1) return reads[0];
    parts.push(`${reads.join("")}concat=n=${reads.length}:v=0:a=1[${stem}]`);
    return `[${stem}]`;
  });
  parts.push(masterGraph({ totalSamples: chunk.inEnd - chunk.inStart, gainDb, limit, inputs: labels, hasMusic }));
  return parts.join(";\n");
}

/** Encodes one chunk and writes its own frames to the paths. */
async function encodeChunk(chunk: MasterChunk, input: MasterInput, limit: number | null, dir: string, out: { aac: string; mp3: string }) {
  const { settings } = input;
  const stems = await Promise.all(chunk.reads.map((r) => input.pieceStems(r.piece)));
  const files = stems.flatMap((s) => [s.dialogue, s.narration, ...(settings.hasMusic ? [s.music!] : [])]);
  const script = join(dir, "master.filter");
  await writeFile(script, chunkGraph(chunk, settings.hasMusic, settings.gainDb, limit));
  const [aac, mp3] = [join(dir, "encoded.aac"), join(dir, "encoded.mp3")];
  await ffmpeg(
    [
      ...files.flatMap((f) => ["-i", f]),
      "-filter_complex_script",
      script,
      ...["-map", "[master]", "-c:a", "aac", "-aac_coder", "fast", "-b:a", settings.aacBitrate, "-f", "adts", aac],
      // No bit reservoir: a kept frame must not borrow bits from a dropped one; no Xing frame: every frame is audio.
      ...["-map", "[master_mp3]", "-c:a", "libmp3lame", "-compression_level", "7", "-b:a", settings.mp3Bitrate, "-reservoir", "0", "-write_xing", "0", "-id3v2_version", "0", "-f", "mp3", mp3],
    ],
    { besideEncoders: true },
  );
  for (const [path, target, frames, frame] of [
    [aac, out.aac, adtsFrames, AAC_FRAME],
    [mp3, out.mp3, mp3Frames, MP3_FRAME],
  ] as const) {
    const data = await readFile(path);
    const spans = frames(data);
    const { from, to } = keptFrames(chunk, input.totalSamples, frame, spans.length);
    await writeFile(target, frameSlice(data, spans, from, to));
    await rm(path, { force: true });
  }
}

/** Appends the files to `out` in order. */
async function concatFiles(paths: string[], out: string) {
  const stream = createWriteStream(out);
  try {
    for (const path of paths) {
      if (!stream.write(await readFile(path))) await new Promise<void>((resolve) => stream.once("drain", resolve));
    }
  } finally {
    await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
}

/** Writes the AAC (in MP4) and the MP3 from the chunks; answers how many chunks there were and how many were reused. */
export async function writeMaster(input: MasterInput): Promise<{ total: number; reused: number }> {
  const { settings, reuse } = input;
  const chunks = planChunks(input.pieces, input.totalSamples);
  let reused = 0;
  const kept = await mapWithLimit(chunks, MAX_PROCESSES, async (chunk, j) => {
    const dir = join(input.work, `chunk-${String(j).padStart(4, "0")}`);
    await mkdir(dir, { recursive: true });
    const out = { aac: join(dir, "master.aac"), mp3: join(dir, "master.mp3") };
    // Its own limiter: from the gain and the peaks of the pieces it reads, never the whole mix's.
    const peak = Math.max(Number.NEGATIVE_INFINITY, ...chunk.reads.map((r) => input.loudness[r.piece].truePeak));
    const limit = limitFor(settings.gainDb, peak, settings.ceilingDbtp);
    const key = reuse ? chunkKey({ userId: reuse.userId, chunk, totalSamples: input.totalSamples, settings, limit, pieceKeys: reuse.pieceKeys }) : undefined;
    if (key && (await reuse!.store.findChunk(key, out.aac, out.mp3))) {
      reused++;
      return out;
    }
    await encodeChunk(chunk, input, limit, dir, out);
    if (key) await reuse!.store.keepChunk(key, out.aac, out.mp3);
    return out;
  });
  const adts = join(input.work, "master.aac");
  await Promise.all([concatFiles(kept.map((k) => k.aac), adts), concatFiles(kept.map((k) => k.mp3), input.mp3Path)]);
  // ADTS cannot say that its first frame is the encoder's priming: the MP4 is told by starting the stream one
  // frame early, which ffmpeg writes as an edit list, so the video's sound starts where one whole encoding's does.
  await ffmpeg(["-itsoffset", (-AAC_FRAME / MIX_RATE).toFixed(9), "-i", adts, "-map", "0:a:0", "-c", "copy", "-f", "mp4", input.m4aPath], { besideEncoders: true });
  // And the edit list ends it where the mix ends, not after the last frame's padding.
  await endSoundAt(input.m4aPath, input.totalSamples, MIX_RATE);
  await rm(adts, { force: true });
  return { total: chunks.length, reused };
}
