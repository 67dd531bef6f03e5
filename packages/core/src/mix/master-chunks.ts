/**
 * The master in chunks (docs/decisions.md#a-master-in-chunks): pass two, which sums the stems, brings them
 * to the target and encodes AAC and MP3, is cut into one chunk per mix piece, each keyed by what it reads,
 * so a revision encodes only the chunks around the pieces it changed. A chunk is encoded from its stretch
 * with a pre-roll and a post-roll of real signal, and keeps only its own frames, chosen by index; the
 * chunks' frames joined are the whole stream, seamless, with no re-encoding.
 */
import { createHash } from "node:crypto";
import type { MixPiece } from "./pieces";

/** AAC's and MP3's frames, in samples. */
export const AAC_FRAME = 1024;
export const MP3_FRAME = 1152;
/** Chunk edges fall on multiples of both frames (their lcm: 192 ms at 48 kHz), so each codec's frames split there. */
export const CHUNK_GRAIN = 9216;
/** Real signal encoded before and after a chunk's own stretch: the encoders' state settles on it, and it is dropped. */
export const ROLL = 9216;
/** Bump when what a chunk's encoding makes from the same inputs changes. */
export const CHUNK_KEY_VERSION = 1;

/** A piece's stems read by a chunk: samples [from, to) of piece `piece`, counted from the piece's start. */
export interface ChunkRead {
  piece: number;
  from: number;
  to: number;
}

export interface MasterChunk {
  /** The chunk's own stretch [start, end) of the mix, in samples. */
  start: number;
  end: number;
  /** The stretch encoded, [inStart, inEnd): the chunk's with its pre-roll and post-roll, within the mix. */
  inStart: number;
  inEnd: number;
  reads: ChunkRead[];
}

/**
 * One chunk per piece, its edges the pieces' starts rounded to CHUNK_GRAIN (the first at 0, the last at the
 * mix's end); pieces shorter than the grain may share a chunk. Each reads its stretch and rolls from every
 * piece they overlap.
 */
export function planChunks(pieces: Pick<MixPiece, "startSample" | "samples">[], totalSamples: number): MasterChunk[] {
  const edges = [0];
  for (const piece of pieces.slice(1)) {
    const edge = Math.round(piece.startSample / CHUNK_GRAIN) * CHUNK_GRAIN;
    if (edge > edges.at(-1)! && edge < totalSamples) edges.push(edge);
  }
  edges.push(totalSamples);
  return edges.slice(0, -1).map((start, j) => {
    const end = edges[j + 1];
    const inStart = Math.max(0, start - ROLL);
    const inEnd = Math.min(totalSamples, end + ROLL);
    const reads: ChunkRead[] = [];
    pieces.forEach((p, piece) => {
      const from = Math.max(inStart, p.startSample);
      const to = Math.min(inEnd, p.startSample + p.samples);
      if (to > from) reads.push({ piece, from: from - p.startSample, to: to - p.startSample });
    });
    return { start, end, inStart, inEnd, reads };
  });
}

/**
 * The frames of a chunk's encoding that are its own, [from, to) of `count`. An encoding of the stretch
 * [inStart, inEnd) has a first frame of its own (AAC's priming; MP3's first, which holds its encoder delay),
 * then frame k + 1 holds the stretch's k-th frame of samples: frame k + 1 of a whole encoding. So a chunk
 * keeps from the frame after its pre-roll for its own length; the first also keeps the head frame, the
 * last keeps to the end (the encoder's flush).
 */
export function keptFrames(chunk: Pick<MasterChunk, "start" | "end" | "inStart">, totalSamples: number, frame: number, count: number): { from: number; to: number } {
  const first = chunk.start === 0;
  const last = chunk.end === totalSamples;
  const preRoll = chunk.start - chunk.inStart;
  if (preRoll % frame || (!last && (chunk.end - chunk.start) % frame)) throw new Error(`A master chunk's edges are not on ${frame}-sample frames.`);
  const from = first ? 0 : preRoll / frame + 1;
  const to = last ? count : from + (chunk.end - chunk.start) / frame + (first ? 1 : 0);
  if (to > count || from >= to) throw new Error(`A master chunk's encoding has ${count} frames; it needs ${from}..${to}.`);
  return { from, to };
}

/** What the master does to every chunk: the same for every chunk of a mix. */
export interface MasterSettings {
  gainDb: number | null;
  targetLufs: number;
  ceilingDbtp: number;
  aacBitrate: string;
  mp3Bitrate: string;
  hasMusic: boolean;
}

export interface ChunkKeyInput {
  userId: string;
  chunk: MasterChunk;
  totalSamples: number;
  settings: MasterSettings;
  /** The limiter's ceiling for this chunk (graph.ts limitFor, from the gain and its pieces' peaks), or null. */
  limit: number | null;
  /** The content keys of the pieces it reads, by piece index. */
  pieceKeys: string[];
}

/**
 * A chunk's content key: the master's settings, its own limiter, and per piece it reads that piece's key
 * and the samples read, with the chunk's length and rolls. No position in the mix enters it beyond whether
 * the chunk opens or closes the mix (those keep the head frame or the flush).
 */
export function chunkKey(input: ChunkKeyInput): string {
  const { chunk } = input;
  const facts = {
    v: CHUNK_KEY_VERSION,
    userId: input.userId,
    settings: input.settings,
    limit: input.limit,
    own: chunk.end - chunk.start,
    preRoll: chunk.start - chunk.inStart,
    postRoll: chunk.inEnd - chunk.end,
    first: chunk.start === 0,
    last: chunk.end === input.totalSamples,
    reads: chunk.reads.map((r) => ({ piece: input.pieceKeys[r.piece], from: r.from, to: r.to })),
  };
  return createHash("sha256").update(JSON.stringify(facts)).digest("hex");
}
