import { getAspect } from "../catalog/aspects";
import type { Shot } from "../board/shot-vocabulary";
import { putObject } from "../blob/s3";
import { renderKeys } from "../blob/keys";
import type { StyleId } from "../catalog/styles";
import { config } from "../config";
import { db } from "../dynamo/service";
import { logger } from "../logger";
import { ProviderError } from "../provider/cloud/http";
import { OfflineImageProvider } from "../provider/offline/image";
import { providers } from "../provider/registry";
import type { CharacterGender, SceneInfo as ImageScene } from "../provider/types";
import type { CharacterDictionary } from "../screenplay/types";
import { charactersInBlock } from "./characters-in-block";
import { castOrder } from "./cast-order";
import type { DescribedScenes } from "./describe";
import { getRenderBlocks, getRenderJob, hasMedia, type RenderBlockItem, type RenderJobItem } from "./jobs";
import { renderBlockViews } from "./block-snapshot";
import { BATCH_CONCURRENCY, type BlockBatch, type BlockTask, readBatch, writeBatches } from "./batches";
import { mapWithLimit } from "./concurrency";
import { renderHeartbeat } from "./deadlines";
import { startPhase } from "./phases";
import { moveRenderStatus } from "./transition";
import { withRetries } from "./retry";
import { NARRATOR_KEY } from "./schema";
import { readWavInfo, silentWav } from "../media/wav";
import { animalInDescription } from "../provider/offline/prompt-reading";
import { reusableImage, reusableSpeech } from "../revision/reuse";
import { referencesOf, refreshCharacterReferences } from "./character-references";
import { writerMessage } from "../provider/cloud/failure";
import { noteDrawnInPlace } from "./image-charge";

export type AssetKind = BlockTask["kind"];
export type { BlockTask };

/**
 * The generate phase's work list: every media block's image and audio that
 * does not exist yet, written to S3 in batches; the Map gets the batches.
 */
export async function planBlocks(renderJobId: string): Promise<{ renderJobId: string; items: BlockBatch[] }> {
  const job = await getRenderJob(renderJobId);
  if (job.status !== "generating_assets") return { renderJobId, items: [] };
  // A portrait the descriptions review made stale is drawn again before any frame is drawn from it.
  await refreshCharacterReferences(job);
  const blocks = await getRenderBlocks(renderJobId);
  const items: BlockTask[] = [];
  let needed = 0;
  for (const b of blocks) {
    if (!hasMedia(b)) continue;
    needed++;
    if (!b.imageUrl?.length) items.push({ renderJobId, blockId: b.blockId, kind: "image" });
    if (!b.audioUrl) items.push({ renderJobId, blockId: b.blockId, kind: "audio" });
  }
  const left = (kind: AssetKind) => items.filter((i) => i.kind === kind).length;
  const [images, audio] = [needed - left("image"), needed - left("audio")];
  // The start of this generation and what already existed: time left measures the assets made since (progress.ts).
  await db.entities.renderJob
    .patch({ renderJobId })
    .set({
      mediaNeeded: needed,
      imagesMade: images,
      audioMade: audio,
      generateStartedAt: new Date().toISOString(),
      assetsAtStart: images + audio,
    })
    .go();
  return { renderJobId, items: await writeBatches(job, items) };
}

/** One Map item: the batch's assets, BATCH_CONCURRENCY at once; each is idempotent, so a retried batch redoes only what is missing. */
export async function generateBlockBatch(input: BlockBatch) {
  const job = await getRenderJob(input.renderJobId);
  const tasks = await readBatch(job, input.batch);
  // The job is read once for the batch: what its assets use (owner, style, voices, dictionaries) is fixed while they are made.
  await mapWithLimit(tasks, BATCH_CONCURRENCY, (t) => generateBlockAsset(t, job));
  return { ...input, made: tasks.length };
}

const jobFacts = (job: RenderJobItem) => ({ ...job, characterDictionary: snapshotOf(job).characterDictionary });

const snapshotOf = (job: RenderJobItem) =>
  job.screenplaySnapshot as { characterDictionary: CharacterDictionary; sceneDictionary: DescribedScenes };

/** Scene headings read aloud: "INT." becomes "Interior." and so on. */
export function spokenText(block: { type: string; text: string }): string {
  if (block.type !== "scene_heading") return block.text;
  return block.text
    .replace(/^(INT\.?\/EXT\.?|I\/E\.?)\s*/i, "Interior, exterior. ")
    .replace(/^INT\.?\s*/i, "Interior. ")
    .replace(/^EXT\.?\s*/i, "Exterior. ")
    .replace(/(?<!\s)\s+-\s+/g, ". ");
}

function imageScene(scene: DescribedScenes[string] | undefined): ImageScene | undefined {
  if (!scene) return undefined;
  // A CONTINUOUS scene is drawn at the time of the scene it continues.
  const timeOfDay = scene.continuity?.timeOfDay ?? scene.timeOfDay ?? "";
  return { heading: scene.heading, interior: scene.interior !== "EXT", location: scene.location, timeOfDay };
}

/**
 * Makes one block's image or audio. Idempotent per render, block and kind:
 * an asset that exists is kept, and the media record and file keys are fixed,
 * so a retry or a re-run never duplicates anything.
 */
export async function generateBlockAsset(task: BlockTask, known?: RenderJobItem) {
  const job = known ?? (await getRenderJob(task.renderJobId));
  const { data: block } = await db.entities.renderBlock.get({ renderJobId: task.renderJobId, blockId: task.blockId }).go();
  if (!block) throw new Error(`Block ${task.blockId} of render ${task.renderJobId} does not exist`);
  if (task.kind === "image") {
    if (block.imageUrl?.length) return { ...task, skipped: true };
    const url = await makeImage(job, block, block.imagePrompt ?? block.text, "main");
    await db.entities.renderBlock
      .patch({ renderJobId: task.renderJobId, blockId: task.blockId })
      .set({ imageUrl: [url] })
      .go();
    await countMade(task);
    return { ...task, url };
  }
  if (block.audioUrl) return { ...task, skipped: true };
  const voices = (job.characterVoices ?? {}) as Record<string, { voiceId: string }>;
  const voiceId = (block.character && voices[block.character]?.voiceId) || voices[NARRATOR_KEY]?.voiceId;
  if (!voiceId) throw new Error(`No voice for block ${block.blockId}`);
  const delivery = block.delivery ?? [];
  const speaker = block.character ? snapshotOf(job).characterDictionary[block.character] : undefined;
  // An animal's line is not spoken by a human voice: a beat of silence while its frame shows it (docs/decisions.md#offline-frames-follow-the-story).
  if (block.character && speaker && animalInDescription(block.character, speaker.description ?? "")) return storeSpeech(job, task, block.blockId, animalLine(block.text), voiceId);
  // A line unchanged since the writer's earlier render is copied, not spoken again (docs/decisions.md#revised-drafts);
  // the delivery is part of what is said: a whispered line is not the shouted one of an earlier draft.
  const reuse = await reusableSpeech(jobFacts(job), delivery.length ? `${spokenText(block)} (${delivery.join("; ")})` : spokenText(block), voiceId);
  const speech = reuse.found
    ? // Rounded as the providers round a line they make, so a reused line is timed as when it was made (and a revised render's video is a full render's).
      { wav: reuse.found.bytes, durationMs: Math.round(readWavInfo(reuse.found.bytes).durationMs) }
    : await withRetries(() => providers().speech.synthesize({ text: spokenText(block), voiceId, ...(delivery.length ? { delivery } : {}) }));
  if (!reuse.found) await reuse.keep({ bytes: speech.wav, contentType: "audio/wav" });
  else await countReused("audio", task.renderJobId);
  return storeSpeech(job, task, block.blockId, speech, voiceId);
}

/** An animal's line: silence as long as a short bark or mew would take (0.8 to 2 s by its length). */
function animalLine(text: string) {
  const durationMs = Math.min(2000, Math.max(800, text.trim().split(/\s+/).length * 250));
  return { wav: silentWav(durationMs, ANIMAL_SAMPLE_RATE), durationMs };
}
const ANIMAL_SAMPLE_RATE = 22050;

/** Stores a block's speech and its media record, and counts it made. */
async function storeSpeech(job: RenderJobItem, task: BlockTask, blockId: string, speech: { wav: Uint8Array; durationMs: number }, voiceId: string) {
  const key = `${renderKeys.folder(job.userId, job.renderJobId)}audio/${blockId}.wav`;
  await putObject(config.mediaBucket, key, speech.wav, "audio/wav");
  await db.entities.renderMedia
    .put({
      renderJobId: job.renderJobId,
      blockId,
      type: "audio",
      variant: "main",
      userId: job.userId,
      screenplayId: job.screenplayId,
      url: key,
      duration: speech.durationMs,
    })
    .go();
  await db.entities.renderBlock
    .patch({ renderJobId: task.renderJobId, blockId: task.blockId })
    .set({ audioUrl: key, duration: speech.durationMs, voiceId })
    .go();
  await countMade(task);
  return { ...task, url: key };
}

/** Who an image request shows: the block's characters with their gender and place in the cast (the same in every shot). */
export function shotCharacters(block: { type: string; text: string; character?: string | null }, characterDictionary: CharacterDictionary) {
  const cast = castOrder(characterDictionary);
  return charactersInBlock(block, [...cast.keys()]).map((name) => ({
    name,
    gender: (characterDictionary[name]?.gender ?? "neutral") as CharacterGender,
    castIndex: cast.get(name),
  }));
}

/**
 * Draws a block's image with a prompt and stores it as `variant` (the pipeline's own is "main");
 * `offline` draws it here whatever the provider (the free frame offered for a refused prompt).
 */
export async function makeImage(job: RenderJobItem, block: RenderBlockItem, prompt: string, variant: string, options: { offline?: boolean } = {}) {
  const { characterDictionary, sceneDictionary } = snapshotOf(job);
  const characters = shotCharacters(block, characterDictionary);
  const request = {
    prompt,
    style: job.style as StyleId,
    scene: imageScene(block.sceneId ? sceneDictionary?.[block.sceneId] : undefined),
    characters,
    blockType: block.type,
    text: block.text,
    seed: `${job.renderJobId}:${block.blockId}:${variant}`,
    shot: block.shot ? (block.shot as Shot) : undefined,
    aspect: getAspect(job.aspect).id,
  };
  // The pipeline's own image is reused when its inputs are unchanged; an extra one asked for by hand is always new.
  const reuse =
    variant === "main"
      ? await reusableImage(jobFacts(job), {
          prompt,
          scene: request.scene,
          characters,
          blockType: block.type,
          text: block.text,
          shot: request.shot,
        })
      : undefined;
  let refusal: ProviderError | undefined;
  // Each character's reference image, read only for a frame that is drawn: cloud frames are drawn from them (character-references.ts).
  let references: Awaited<ReturnType<typeof referencesOf>> | undefined;
  const drawing = async () => ({ ...request, references: (references ??= await referencesOf(characterDictionary, characters.map((c) => c.name))) });
  const image = reuse?.found
    ? reuse.found
    : options.offline
      ? await new OfflineImageProvider().generate(await drawing())
      : await withRetries(async () => providers().image.generate(await drawing())).catch(async (error: unknown) => {
        // One refused frame must not fail a whole render: the pipeline's own frame is drawn instead; an on-demand one reports it.
        if (variant !== "main" || !(error instanceof ProviderError) || error.kind !== "refused") throw error;
        logger.warn("The image service refused a frame's prompt; drawing it offline", {
          renderJobId: job.renderJobId,
          blockId: block.blockId,
        });
        refusal = error;
        return new OfflineImageProvider().generate(await drawing());
      });
  // A frame drawn in place of a refused one is not kept for reuse: the next draft asks the service again.
  if (reuse && !reuse.found && !refusal) await reuse.keep({ bytes: image.bytes, contentType: image.contentType });
  if (reuse?.found) await countReused("image", job.renderJobId);
  const extension = image.contentType === "image/png" ? "png" : "jpg";
  const key = `${renderKeys.folder(job.userId, job.renderJobId)}images/${block.blockId}-${variant}.${extension}`;
  await putObject(config.mediaBucket, key, image.bytes, image.contentType);
  await db.entities.renderMedia
    .put({
      renderJobId: job.renderJobId,
      blockId: block.blockId,
      type: "image",
      variant,
      userId: job.userId,
      screenplayId: job.screenplayId,
      url: key,
    })
    .go();
  // The refusal is shown on the frame (the image picker), with 'Edit prompt': the render is not charged more for it.
  if (refusal) await noteDrawnInPlace(job, block.blockId, prompt, key, writerMessage(refusal, false));
  return key;
}

/** After the Map: stop at the image review, or go on to the video. */
export async function assetsGenerated(renderJobId: string) {
  const job = await getRenderJob(renderJobId);
  if (job.status !== "generating_assets") return { renderJobId, status: job.status };
  const missing = (await planBlocksIgnoringStatus(renderJobId)).length;
  if (missing) throw new Error(`${missing} assets of render ${renderJobId} are still missing after generation`);
  // Every asset exists now: the counters say so even if a task died between its writes.
  if (job.mediaNeeded !== undefined) await setMediaCounters(renderJobId, job.mediaNeeded, job.mediaNeeded, job.mediaNeeded);
  if (job.previewImagesBeforeFirstRender) {
    await moveRenderStatus(renderJobId, ["generating_assets"], { status: "assets_ready" });
    return { renderJobId, status: "assets_ready" };
  }
  // Failed meanwhile (timed out, aborted, swept): no compile.
  if (!(await moveRenderStatus(renderJobId, ["generating_assets"], { status: "rendering" }))) return { renderJobId, status: "failed" };
  await startPhase("compile", renderJobId);
  return { renderJobId, status: "rendering" };
}

async function planBlocksIgnoringStatus(renderJobId: string) {
  const blocks = await getRenderBlocks(renderJobId);
  return blocks.filter((b) => hasMedia(b) && (!b.imageUrl?.length || !b.audioUrl));
}

const setMediaCounters = (renderJobId: string, mediaNeeded: number, imagesMade: number, audioMade: number) =>
  db.entities.renderJob.patch({ renderJobId }).set({ mediaNeeded, imagesMade, audioMade }).go();

/** An asset taken from the writer's earlier renders, for the render's report (the CLI prints it). */
const countReused = (kind: "image" | "audio", renderJobId: string) =>
  db.entities.renderJob
    .patch({ renderJobId })
    .add(kind === "image" ? { imagesReused: 1 } : { audioReused: 1 })
    .go();

/** One more asset made: an atomic add on the job, so progress never counts media items; and a heartbeat (deadlines.ts). */
async function countMade(task: BlockTask) {
  await db.entities.renderJob
    .patch({ renderJobId: task.renderJobId })
    .add(task.kind === "image" ? { imagesMade: 1 } : { audioMade: 1 })
    .go();
  await renderHeartbeat(task.renderJobId, "generate");
}

/**
 * The spec's media completion: images and audio made against those needed.
 * From the job's counters once the generate phase has planned (no read past
 * the job, whatever the render's size); before that (not planned yet, or
 * planned before the counters) from the block snapshot (block-snapshot.ts).
 */
export async function mediaCompletion(job: RenderJobItem) {
  let needed = job.mediaNeeded ?? 0;
  let images = job.imagesMade ?? 0;
  let audio = job.audioMade ?? 0;
  if (job.mediaNeeded === undefined) {
    // Made is what PlanBlocks counts as made; the blocks come from the page's snapshot, so an unchanged render reads nothing more.
    const blocks = (await renderBlockViews(job)).filter((b) => b.hasMedia);
    needed = blocks.length;
    images = blocks.filter((b) => b.imageUrl.length > 0).length;
    audio = blocks.filter((b) => b.audioUrl).length;
  }
  const imagesLeft = Math.max(0, needed - images);
  const audioLeft = Math.max(0, needed - audio);
  return {
    total: needed * 2,
    remaining: imagesLeft + audioLeft,
    typeBreakdown: {
      audio: { total: needed, remaining: audioLeft },
      image: { total: needed, remaining: imagesLeft },
    },
  };
}
