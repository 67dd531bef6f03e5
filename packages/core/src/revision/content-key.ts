import { createHash } from "node:crypto";

/**
 * Content keys (docs/decisions.md#revised-drafts): an image or a line of
 * speech is the same asset when every input that shapes it is the same, so
 * the key is a hash of those inputs and nothing else (no render id, no block
 * id, no position). The owner is part of the key, so two writers never share
 * an asset even with the same text. Bump KEY_VERSION when what a provider
 * makes from the same inputs changes.
 */
export const KEY_VERSION = 1;

/** Frames are 16:9 until a render chooses its aspect; the key carries it so a changed aspect reuses no image. */
export const DEFAULT_ASPECT = "16:9";

export interface ImageKeyInput {
  userId: string;
  style: string;
  aspect: string;
  prompt: string;
  blockType: string;
  text: string;
  scene?: { heading: string; interior: boolean; location: string; timeOfDay: string };
  /** The characters the shot shows, with what the prompt uses of them and their reference image's hash (absent: no reference). */
  characters: { name: string; gender: string; castIndex?: number; description: string; reference?: string }[];
  /** The shot the frame follows (size, angle, movement): a changed shot is a new frame. */
  shot?: unknown;
}

export interface SpeechKeyInput {
  userId: string;
  /** The words as spoken (a heading's "Interior. Office. Night."). */
  text: string;
  voiceId: string;
}

/** JSON with object keys sorted, so the same inputs always hash the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

const hash = (kind: string, input: unknown) =>
  createHash("sha256")
    .update(canonical({ kind, v: KEY_VERSION, input }))
    .digest("hex")
    .slice(0, 40);

export const imageContentKey = (input: ImageKeyInput) => hash("image", input);
export const speechContentKey = (input: SpeechKeyInput) => hash("speech", input);

/** An encoded video segment: its owner and everything its encoding reads (media/content-segments.ts segmentKeyInput). */
export const segmentContentKey = (input: { userId: string; segment: unknown }) => hash("segment", input);

/** A render's poster (media/compile.ts writePoster): its owner, its first picture's identity, the title drawn on it and the frame size. */
export const posterContentKey = (input: { userId: string; picture: string; title: string; size: [number, number] }) => hash("poster", input);

/**
 * A writer's own character picture, kept in the asset store so the next draft's renders carry it
 * (docs/decisions.md#portraits-follow-the-description): its owner and the hash of its bytes.
 */
export const writerPortraitContentKey = (input: { userId: string; pictureHash: string }) => hash("writer-portrait", input);
