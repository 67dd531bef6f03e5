/**
 * The master in chunks (docs/decisions.md#a-master-in-chunks): pass two, which sums the stems, brings them
 * to the target and encodes AAC and MP3, is cut into one chunk per mix piece. A chunk is encoded on its own
 * piece's grid (from the piece's first sample), with a pre-roll from the previous piece's tail and a
 * post-roll from the next piece's head, and keyed by those pieces' content only, never by where the piece
 * sits in the mix: a revision that changes a piece's length re-encodes that piece's chunk and its
 * neighbours' only. The assembly decides how many of each chunk's frames play, so each piece's sound starts
 * within half a codec frame of its picture, never drifting.
 */
import { createHash } from "node:crypto";
import type { MixPiece } from "./pieces";
import { headRead, type PieceRolls, ROLL, tailRead } from "./rolls";

/** AAC's and MP3's frames, in samples. */
export const AAC_FRAME = 1024;
export const MP3_FRAME = 1152;
/** Bump when what a chunk's encoding makes from the same inputs changes, or how its key names them. */
export const CHUNK_KEY_VERSION = 3;

/** What a chunk reads: samples [from, to) of piece `piece`, counted from the piece's start. */
export interface ChunkRead {
  piece: number;
  from: number;
  to: number;
  role: "before" | "own" | "after";
}

export interface MasterChunk {
  /** Its piece: where it starts in the mix (the assembly's only use of a position) and its length, in samples. */
  piece: number;
  start: number;
  samples: number;
  /** Samples encoded before the piece's first: none for the first chunk, ROLL for the others. */
  preRoll: number;
  /** Samples encoded after the piece's last: ROLL (zeros where the mix ends). */
  postRoll: number;
  /** In order: the previous piece's tail, the piece whole, the next piece's head. Rolls not covered by them are zeros. */
  reads: ChunkRead[];
}

/** One chunk per piece. A neighbour shorter than a roll is read whole and the rest of the roll is zeros. */
export function planChunks(pieces: Pick<MixPiece, "startSample" | "samples">[]): MasterChunk[] {
  return pieces.map((p, j) => {
    const reads: ChunkRead[] = [];
    const before = pieces[j - 1];
    if (before && before.samples > 0) reads.push({ piece: j - 1, ...tailRead(before.samples), role: "before" });
    reads.push({ piece: j, from: 0, to: p.samples, role: "own" });
    const after = pieces[j + 1];
    if (after && after.samples > 0) reads.push({ piece: j + 1, ...headRead(after.samples), role: "after" });
    return { piece: j, start: p.startSample, samples: p.samples, preRoll: j === 0 ? 0 : ROLL, postRoll: ROLL, reads };
  });
}

/** The zeros encoded before a chunk's reads: the part of its pre-roll the previous piece is too short to fill. */
export function leadingZeros(chunk: Pick<MasterChunk, "preRoll" | "reads">): number {
  const before = chunk.reads.find((r) => r.role === "before");
  return chunk.preRoll - (before ? before.to - before.from : 0);
}

/** Frames a chunk keeps of its piece: one more than its length needs, for the assembly's rounding (playedFrames). */
const framesKept = (samples: number, frame: number) => Math.ceil(samples / frame) + 1;

/**
 * The frames of a chunk's encoding that it keeps, [from, to) of `count`. An encoding has a first frame of
 * its own (AAC's priming; MP3's first, which holds its encoder delay), then frame k + 1 holds the encoded
 * stretch's k-th frame of samples. So a chunk keeps from the frame after its pre-roll, ceil(L / frame) + 1
 * frames of its piece; the first chunk (no pre-roll) also keeps the head frame.
 */
export function keptFrames(chunk: Pick<MasterChunk, "preRoll" | "samples">, frame: number, count: number): { from: number; to: number } {
  if (chunk.preRoll % frame) throw new Error(`A master chunk's pre-roll is not whole ${frame}-sample frames.`);
  const from = chunk.preRoll === 0 ? 0 : chunk.preRoll / frame + 1;
  const to = (chunk.preRoll === 0 ? 1 : from) + framesKept(chunk.samples, frame);
  if (to > count) throw new Error(`A master chunk's encoding has ${count} frames; it needs ${from}..${to}.`);
  return { from, to };
}

/**
 * How many of each chunk's kept frames play. Piece j starts at frame g_j = round(S_j / frame) of the joined
 * stream (g_0 = 0) and plays up to the next piece's, g_{j+1} − g_j frames (always the floor or the ceiling of
 * its length in frames, so within what it keeps); the last plays to ceil(T / frame), as many as one whole
 * encoding of the mix holds; the first also plays its head frame. A piece's sound so starts within half a
 * frame of S_j, whatever the pieces before it.
 */
export function playedFrames(chunks: Pick<MasterChunk, "start" | "samples">[], totalSamples: number, frame: number): number[] {
  const starts = chunks.map((c, j) => (j === 0 ? 0 : Math.round(c.start / frame)));
  starts.push(Math.ceil(totalSamples / frame));
  return chunks.map((c, j) => {
    const played = starts[j + 1] - starts[j] + (j === 0 ? 1 : 0);
    if (played < 0 || played > framesKept(c.samples, frame) + (j === 0 ? 1 : 0)) throw new Error(`Master chunk ${j} would play ${played} frames of what it keeps.`);
    return played;
  });
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
  settings: MasterSettings;
  /** The limiter's ceiling for this chunk (graph.ts limitFor, from the gain and its pieces' peaks), or null. */
  limit: number | null;
  /** The content keys of the pieces, by piece index. */
  pieceKeys: string[];
  /** Per piece, its rolls' fingerprints where they are known (rolls.ts): a neighbour's read is keyed by them. */
  pieceRolls?: (PieceRolls | undefined)[];
}

/**
 * A chunk's content key: the master's settings, its own limiter, its rolls, its own piece's key, and per
 * neighbour the fingerprint of the samples it reads (its tail before, its head after) and how many, or, for a
 * piece kept before fingerprints were, that piece's key and the samples read. No position in the mix enters
 * it: the assembly places the chunk.
 */
export function chunkKey(input: ChunkKeyInput): string {
  const { chunk } = input;
  const facts = {
    v: CHUNK_KEY_VERSION,
    userId: input.userId,
    settings: input.settings,
    limit: input.limit,
    samples: chunk.samples,
    preRoll: chunk.preRoll,
    postRoll: chunk.postRoll,
    reads: chunk.reads.map((r) => {
      const rolls = input.pieceRolls?.[r.piece];
      const roll = r.role === "before" ? rolls?.tail : r.role === "after" ? rolls?.head : undefined;
      return roll ? { role: r.role, roll, samples: r.to - r.from } : { role: r.role, piece: input.pieceKeys[r.piece], from: r.from, to: r.to };
    }),
  };
  return createHash("sha256").update(JSON.stringify(facts)).digest("hex");
}
