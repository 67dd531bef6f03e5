/**
 * Pass two in chunks (docs/decisions.md#a-master-in-chunks): each piece's stems, with its neighbours' for
 * the rolls, summed, brought to the target and encoded as AAC (ADTS) and MP3, its own frames kept, or its
 * kept frames found in the writer's store under its key; then as many of each chunk's frames as place its
 * piece on the mix's frame grid (playedFrames), joined by a byte copy.
 */
import { mkdir, open, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ffmpeg, MAX_PROCESSES } from "../media/ffmpeg";
import { mapWithLimit } from "../render/concurrency";
import { adtsFrames, type FrameSpans, frameSlice, mp3Frames } from "./frames";
import { limitFor, masterGraph } from "./graph";
import { AAC_FRAME, chunkKey, keptFrames, leadingZeros, type MasterChunk, type MasterSettings, MP3_FRAME, planChunks, playedFrames } from "./master-chunks";
import type { MixPiece, PieceLoudness } from "./pieces";
import { MIX_RATE } from "./schema";
import { endSoundAt } from "./mp4-edit";

/** A chunk's kept frames: `{key}-master.aac` and `{key}-master.mp3` beside the pieces. */
export interface ChunkStore {
  /** The keys of the chunks kept whole, from one listing: the rest are encoded at once, beside the downloads. */
  keptChunks(): Promise<ReadonlySet<string>>;
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
  /** Called as each output is whole (CompileAudio uploads it then, the MP3 beside the narration's remux); awaited before the master is done. */
  onWritten?: (output: MasterOutput) => Promise<void>;
  /** With the pieces' keys, chunks are keyed and reused. */
  reuse?: { userId: string; pieceKeys: string[]; store: ChunkStore };
}

/**
 * The ffmpeg graph of one chunk: its reads of each stem trimmed and joined, after the zeros its pre-roll
 * lacks, then masterGraph over them (which pads the post-roll's end with zeros).
 */
export function chunkGraph(chunk: MasterChunk, hasMusic: boolean, gainDb: number | null, limit: number | null): string {
  const stems = hasMusic ? ["dialogue", "narration", "music"] : ["dialogue", "narration"];
  const zeros = leadingZeros(chunk);
  const parts: string[] = [];
  const labels = stems.map((stem, s) => {
    const reads = chunk.reads.map((r, k) => {
      parts.push(`[${k * stems.length + s}:a]atrim=start_sample=${r.from}:end_sample=${r.to},asetpts=PTS-STARTPTS[${stem}${k}]`);
      return `[${stem}${k}]`;
    });
    const joined = reads.length === 1 ? reads[0] : `${reads.join("")}concat=n=${reads.length}:v=0:a=1`;
    // Both channels' delays given: a mono voice stem ignores the second.
    const delayed = zeros > 0 ? `${joined}${reads.length === 1 ? "" : ","}adelay=delays=${zeros}S|${zeros}S` : joined;
    if (delayed === reads[0]) return delayed;
    parts.push(`${delayed}[${stem}]`);
    return `[${stem}]`;
  });
  parts.push(masterGraph({ totalSamples: chunk.preRoll + chunk.samples + chunk.postRoll, gainDb, limit, inputs: labels, hasMusic }));
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
    const { from, to } = keptFrames(chunk, frame, spans.length);
    await writeFile(target, frameSlice(data, spans, from, to));
    await rm(path, { force: true });
  }
}

/** Appends the first `frames[j]` frames of each file to `out`, in order. */
async function joinFrames(paths: string[], frames: number[], parse: (data: Uint8Array) => FrameSpans, out: string) {
  // A file handle, awaited write by write: a failed write rejects here instead of erring on an unheard stream.
  const file = await open(out, "w");
  try {
    for (const [j, path] of paths.entries()) {
      const data = await readFile(path);
      await file.write(frameSlice(data, parse(data), 0, frames[j]));
    }
  } finally {
    await file.close();
  }
}

/** Stored chunks looked up and downloaded at once: network waits, not CPU. */
const LOOKUPS_AT_ONCE = 8;

/** Writes the AAC (in MP4) and the MP3 from the chunks; answers how many chunks there were and how many were reused. */
export async function writeMaster(input: MasterInput): Promise<{ total: number; reused: number }> {
  const { settings, reuse } = input;
  const chunks = planChunks(input.pieces);
  // Decided before any encoding: where each piece plays in the joined streams.
  const played = { aac: playedFrames(chunks, input.totalSamples, AAC_FRAME), mp3: playedFrames(chunks, input.totalSamples, MP3_FRAME) };
  const pieceRolls = input.loudness.map((l) => l.rolls);
  const planned = chunks.map((chunk, j) => {
    const dir = join(input.work, `chunk-${String(j).padStart(4, "0")}`);
    // Its own limiter: from the gain and the peaks of the pieces it reads, never the whole mix's.
    const peak = Math.max(Number.NEGATIVE_INFINITY, ...chunk.reads.map((r) => input.loudness[r.piece].truePeak));
    const limit = limitFor(settings.gainDb, peak, settings.ceilingDbtp);
    const key = reuse ? chunkKey({ userId: reuse.userId, chunk, settings, limit, pieceKeys: reuse.pieceKeys, pieceRolls }) : undefined;
    return { chunk, dir, limit, key, out: { aac: join(dir, "master.aac"), mp3: join(dir, "master.mp3") } };
  });
  // The kept chunks downloaded several at once (a revision's are nearly all of them) while the others are
  // encoded, as many at once as the ffmpeg pool runs: a revision's one new chunk no longer waits for the downloads.
  const kept = reuse ? await reuse.store.keptChunks() : new Set<string>();
  const encode = async ({ chunk, dir, limit, key, out }: (typeof planned)[number]) => {
    await encodeChunk(chunk, input, limit, dir, out);
    if (key) await reuse!.store.keepChunk(key, out.aac, out.mp3);
  };
  const isKept = (p: (typeof planned)[number]) => Boolean(p.key && kept.has(p.key));
  let reused = 0;
  await Promise.all([
    mapWithLimit(planned.filter(isKept), LOOKUPS_AT_ONCE, async (p) => {
      await mkdir(p.dir, { recursive: true });
      if (await reuse!.store.findChunk(p.key!, p.out.aac, p.out.mp3)) reused++;
      // Listed but gone since (its screenplay's store deleted meanwhile): encoded here.
      else await encode(p);
    }),
    mapWithLimit(
      planned.filter((p) => !isKept(p)),
      MAX_PROCESSES,
      async (p) => {
        await mkdir(p.dir, { recursive: true });
        await encode(p);
      },
    ),
  ]);
  const adts = join(input.work, "master.aac");
  const outputs = await Promise.allSettled([
    joinFrames(planned.map((p) => p.out.mp3), played.mp3, mp3Frames, input.mp3Path).then(() => input.onWritten?.("mp3")),
    (async () => {
      await joinFrames(planned.map((p) => p.out.aac), played.aac, adtsFrames, adts);
      // ADTS cannot say that its first frame is the encoder's priming: the MP4 is told by starting the stream one
      // frame early, which ffmpeg writes as an edit list, so the video's sound starts where one whole encoding's does.
      await ffmpeg(["-itsoffset", (-AAC_FRAME / MIX_RATE).toFixed(9), "-i", adts, "-map", "0:a:0", "-c", "copy", "-f", "mp4", input.m4aPath], {
        besideEncoders: true,
      });
      // And the edit list ends it where the mix ends, not after the last frame's padding.
      await endSoundAt(input.m4aPath, input.totalSamples, MIX_RATE);
      await rm(adts, { force: true });
      await input.onWritten?.("m4a");
    })(),
  ]);
  for (const output of outputs) if (output.status === "rejected") throw output.reason;
  return { total: chunks.length, reused };
}

/** The master's two files: the narration in MP4 for the video, the MP3 for download. */
export type MasterOutput = "m4a" | "mp3";
