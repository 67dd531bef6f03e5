/**
 * The mix in pieces (docs/decisions.md#an-incremental-mix): the sound is mixed
 * per compile segment, as the video is encoded, each piece keyed by everything
 * its mix reads, relative to the piece, so a revised render mixes only the
 * pieces whose key is new and joins them with the stored ones. A piece starts
 * where a segment starts at a scene (cutPieces), on a whole frame, so the bed's
 * per-scene fades and the lanes' holds never cross a piece's edge.
 */
import { createHash } from "node:crypto";
import { holdsOf } from "../media/timeline";
import type { PieceRolls } from "./rolls";
import type { LoudnessMeasurement } from "./loudness";
import type { MixClip, MixMusic } from "./mix-input";
import { MIX_RATE, type MixLevels } from "./schema";

/** Bump when what a piece's mix makes from the same inputs changes. */
export const PIECE_KEY_VERSION = 1;

export interface MixPiece {
  /** Clips [firstClip, endClip). */
  firstClip: number;
  endClip: number;
  /** Where the piece starts in the whole mix, and its length, in samples at MIX_RATE. */
  startSample: number;
  samples: number;
}

/** Every clip with its hold made explicit, so a piece's clips need nothing from outside it. */
export function withHolds<C extends Pick<MixClip, "durationMs" | "holdMs">>(clips: C[]): (C & { holdMs: number })[] {
  const holds = holdsOf(clips.map((c) => c.durationMs));
  return clips.map((c, i) => ({ ...c, holdMs: c.holdMs ?? holds[i] }));
}

/**
 * The pieces at the given first clips (the compile's segments) that open a scene; the last runs to the mix's end.
 * A segment cut inside a scene (one too long for a single task) does not cut the mix: the bed fades at every
 * piece's edges and starts its phrase again, so a piece there would dip the music in the middle of the scene.
 */
export function cutPieces(clips: Pick<MixClip, "startMs" | "scene">[], firstClips: number[], totalSamples: number): MixPiece[] {
  const opensScene = (f: number) => f === 0 || clips[f].scene !== clips[f - 1].scene;
  const firsts = [...new Set([0, ...firstClips])].filter((f) => f >= 0 && f < clips.length && opensScene(f)).sort((a, b) => a - b);
  const starts = firsts.map((f) => (f === 0 ? 0 : Math.round((clips[f].startMs * MIX_RATE) / 1000)));
  return firsts.map((firstClip, j) => ({
    firstClip,
    endClip: firsts[j + 1] ?? clips.length,
    startSample: starts[j],
    samples: (starts[j + 1] ?? totalSamples) - starts[j],
  }));
}

/** A piece's clips, timed from the piece's start. */
export function pieceClips<C extends MixClip>(clips: C[], piece: MixPiece): C[] {
  const offsetMs = (piece.startSample * 1000) / MIX_RATE;
  return clips.slice(piece.firstClip, piece.endClip).map((c) => ({ ...c, startMs: c.startMs - offsetMs }));
}

/** The music as a piece's key sees it: the moods of its own scenes, or the track, its gain and where in it the piece starts. */
function musicFacts(music: MixMusic | undefined, clips: MixClip[], piece: MixPiece, track?: { id: string; frames: number }) {
  if (!music) return null;
  if (music.kind === "generated") return { kind: "generated", moods: [...new Set(clips.map((c) => c.scene))].map((s) => music.moods[s] ?? "neutral") };
  // The track's file is a copy in the compile's folder: only its id tells two tracks apart, so a key without one would reuse another track's pieces.
  if (!track?.id) throw new Error("A mix piece over an uploaded track needs the track's id to be keyed.");
  return { kind: "upload", track: track.id, gainDb: music.gainDb.toFixed(2), phase: piece.startSample % track.frames };
}

export interface PieceKeyInput {
  userId: string;
  /** All the mix's clips, holds explicit (withHolds). */
  clips: MixClip[];
  /** Per clip, the identity of its audio (a hash of its bytes). */
  audioIds: string[];
  piece: MixPiece;
  levels: MixLevels;
  music?: MixMusic;
  /** An uploaded track's identity and its length in frames at MIX_RATE (where a piece starts in it). */
  track?: { id: string; frames: number };
}

/**
 * A piece's content key: its clips' audio, lanes and timings relative to the piece, the scenes' moods (in the
 * order they play, not their numbers), the levels, the music and the piece's length. No position in the script
 * enters it, except an uploaded track's phase: the track runs on through the film.
 */
export function pieceKey(input: PieceKeyInput): string {
  const { piece } = input;
  const clips = pieceClips(input.clips, piece);
  let scene = 0;
  const facts = {
    v: PIECE_KEY_VERSION,
    userId: input.userId,
    samples: piece.samples,
    levels: input.levels,
    music: musicFacts(input.music, clips, piece, input.track),
    clips: clips.map((c, k) => {
      if (k > 0 && c.scene !== clips[k - 1].scene) scene++;
      return { audio: input.audioIds[piece.firstClip + k], lane: c.lane, scene, startMs: c.startMs, durationMs: c.durationMs, holdMs: c.holdMs };
    }),
  };
  return createHash("sha256").update(JSON.stringify(facts)).digest("hex");
}

/** One piece's measurement and its rolls' fingerprints (absent in a piece kept before them), kept with its stems. */
export interface PieceLoudness {
  samples: number;
  integrated: number;
  truePeak: number;
  rolls?: PieceRolls;
}

/**
 * The whole mix's loudness from its pieces': the integrated loudness as the duration-weighted mean of the
 * pieces' energies (silent pieces, gated out by EBU R128, left out), the true peak as the highest. An
 * approximation of one measurement over the whole (R128's relative gate is per piece here), checked against
 * one in mix.test.ts.
 */
export function integrateLoudness(pieces: PieceLoudness[], silentLufs: number): Pick<LoudnessMeasurement, "integrated" | "truePeak"> {
  const audible = pieces.filter((p) => Number.isFinite(p.integrated) && p.integrated > silentLufs);
  const truePeak = Math.max(Number.NEGATIVE_INFINITY, ...pieces.map((p) => p.truePeak));
  if (!audible.length) return { integrated: Number.NEGATIVE_INFINITY, truePeak };
  const samples = audible.reduce((a, p) => a + p.samples, 0);
  const energy = audible.reduce((a, p) => a + p.samples * 10 ** (p.integrated / 10), 0) / samples;
  return { integrated: 10 * Math.log10(energy), truePeak };
}
