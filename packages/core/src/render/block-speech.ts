/** A block's line of speech: what is said, by which voice, and storing it (the generate phase's audio half). */
import { putObject } from "../blob/s3";
import { renderKeys } from "../blob/keys";
import { config } from "../config";
import { db } from "../dynamo/service";
import { animalInDescription } from "../screenplay/animals";
import { silentWav } from "../media/wav";
import type { RenderBlockItem, RenderJobItem } from "./jobs";
import { NARRATOR_KEY } from "./schema";
import { screenplaySnapshotOf } from "./screenplay-snapshot";

/** Scene headings read aloud: "INT." becomes "Interior." and so on. */
export function spokenText(block: { type: string; text: string }): string {
  if (block.type !== "scene_heading") return block.text;
  return block.text
    .replace(/^(INT\.?\/EXT\.?|I\/E\.?)\s*/i, "Interior, exterior. ")
    .replace(/^INT\.?\s*/i, "Interior. ")
    .replace(/^EXT\.?\s*/i, "Exterior. ")
    .replace(/(?<!\s)\s+-\s+/g, ". ");
}

/**
 * How a block is heard: its voice, and either the words and delivery a voice speaks (`reuseText` is what a
 * stored line is found by: a whispered line is not the shouted one of an earlier draft) or, for an animal's
 * line, silence (docs/decisions.md#offline-frames-follow-the-story). Undefined when the render has no voice for it.
 */
export function speechOf(job: RenderJobItem, block: RenderBlockItem) {
  const voices = (job.characterVoices ?? {}) as Record<string, { voiceId: string }>;
  const voiceId = (block.character && voices[block.character]?.voiceId) || voices[NARRATOR_KEY]?.voiceId;
  if (!voiceId) return undefined;
  const delivery = block.delivery ?? [];
  const speaker = block.character ? screenplaySnapshotOf(job).characterDictionary[block.character] : undefined;
  const animal = Boolean(block.character && speaker && animalInDescription(block.character, speaker.description ?? ""));
  const text = spokenText(block);
  return { voiceId, delivery, text, animal, reuseText: delivery.length ? `${text} (${delivery.join("; ")})` : text };
}

/** An animal's line: silence as long as a short bark or mew would take (0.8 to 2 s by its length). */
export function animalLine(text: string) {
  const durationMs = Math.min(2000, Math.max(800, text.trim().split(/\s+/).length * 250));
  return { wav: silentWav(durationMs, ANIMAL_SAMPLE_RATE), durationMs };
}
const ANIMAL_SAMPLE_RATE = 22050;

/** Where a block's line is kept in the render's folder. */
export const blockAudioKey = (job: RenderJobItem, blockId: string) => `${renderKeys.folder(job.userId, job.renderJobId)}audio/${blockId}.wav`;

/** Stores a block's speech and records it. */
export async function storeSpeech(job: RenderJobItem, blockId: string, speech: { wav: Uint8Array; durationMs: number }, voiceId: string) {
  const key = blockAudioKey(job, blockId);
  await putObject(config.mediaBucket, key, speech.wav, "audio/wav");
  await recordSpeech(job, blockId, key, speech.durationMs, voiceId);
  return key;
}

/** The media record of a block's line and what its block says of it (PlanBlocks writes the reused ones in batches: plan-reuse.ts). */
export const speechRecords = (job: RenderJobItem, blockId: string, key: string, durationMs: number, voiceId: string) => ({
  media: {
    renderJobId: job.renderJobId,
    blockId,
    type: "audio" as const,
    variant: "main",
    userId: job.userId,
    screenplayId: job.screenplayId,
    url: key,
    duration: durationMs,
  },
  block: { audioUrl: key, duration: durationMs, voiceId },
});

/** The media record and the block's audio, once the line's file is at `key`. */
export async function recordSpeech(job: RenderJobItem, blockId: string, key: string, durationMs: number, voiceId: string) {
  const records = speechRecords(job, blockId, key, durationMs, voiceId);
  await db.entities.renderMedia.put(records.media).go();
  await db.entities.renderBlock.patch({ renderJobId: job.renderJobId, blockId }).set(records.block).go();
}
