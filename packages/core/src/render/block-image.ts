/** A block's frame: who it shows, and drawing and storing it (the generate phase's image half, and the on-demand images). */
import { getAspect } from "../catalog/aspects";
import type { Shot } from "../board/shot-vocabulary";
import { putObject } from "../blob/s3";
import { imageExtension, renderKeys } from "../blob/keys";
import type { StyleId } from "../catalog/styles";
import { config } from "../config";
import { db } from "../dynamo/service";
import { logger } from "../logger";
import { ProviderError } from "../provider/cloud/http";
import { writerMessage } from "../provider/cloud/failure";
import { OfflineImageProvider } from "../provider/offline/image";
import { TITLE_CARD } from "../provider/offline/frame-title-card";
import { providers } from "../provider/registry";
import type { CharacterGender, SceneInfo as ImageScene } from "../provider/types";
import { imageReuseKey, reusableImage } from "../revision/reuse";
import type { CharacterDictionary } from "../screenplay/types";
import { castOrder } from "./cast-order";
import { referencesOf } from "./character-references";
import { type BlockOfScript, charactersInBlock } from "./characters-in-block";
import { type DescribedScenes, screenplaySnapshotOf } from "./screenplay-snapshot";
import { noteDrawnInPlace } from "./image-charge";
import type { RenderBlockItem, RenderJobItem } from "./jobs";
import { withRetries } from "./retry";
import { placeScene } from "./shot-heading";

/** What reuse reads of a job: its owner and settings, and the character descriptions the render uses. */
export const jobFacts = (job: RenderJobItem) => ({ ...job, characterDictionary: screenplaySnapshotOf(job).characterDictionary });

/** Assets taken from the writer's earlier renders (one, or PlanBlocks' total of a kind), for the render's report (the CLI prints it). */
export const countReused = (kind: "image" | "audio", renderJobId: string, count = 1) =>
  db.entities.renderJob
    .patch({ renderJobId })
    .add(kind === "image" ? { imagesReused: count } : { audioReused: count })
    .go();

function imageScene(scene: DescribedScenes[string] | undefined): ImageScene | undefined {
  if (!scene) return undefined;
  // A CONTINUOUS scene is drawn at the time of the scene it continues.
  const timeOfDay = scene.continuity?.timeOfDay ?? scene.timeOfDay ?? "";
  return { heading: scene.heading, interior: scene.interior !== "EXT", location: scene.location, timeOfDay };
}

/**
 * Who an image request shows: the block's characters with their gender and place in the cast (the same in every shot).
 * `present` is who the describe step found the frame shows (a render from before it was stored reads the block alone).
 */
export function shotCharacters(block: BlockOfScript & { present?: readonly string[] | null }, characterDictionary: CharacterDictionary) {
  const cast = castOrder(characterDictionary);
  return (block.present ?? charactersInBlock(block, [...cast.keys()])).map((name) => ({
    name,
    gender: (characterDictionary[name]?.gender ?? "neutral") as CharacterGender,
    castIndex: cast.get(name),
  }));
}

/** What a block's frame is drawn from: the request a provider gets, without the characters' reference images. */
function imageRequestOf(job: RenderJobItem, block: RenderBlockItem, prompt: string, variant: string) {
  const { characterDictionary, sceneDictionary } = screenplaySnapshotOf(job);
  return {
    prompt,
    style: job.style as StyleId,
    scene: imageScene(placeScene(block.sceneId, sceneDictionary)),
    characters: shotCharacters(block, characterDictionary),
    // A centred block is a title card: drawn as its words (provider/offline/frame-title-card.ts), told apart by its type.
    blockType: block.centred ? TITLE_CARD : block.type,
    text: block.text,
    seed: `${job.renderJobId}:${block.blockId}:${variant}`,
    shot: block.shot ? (block.shot as Shot) : undefined,
    aspect: getAspect(job.aspect).id,
  };
}

/** The facts the content key of the pipeline's own frame hashes (revision/reuse.ts imageReuseKey). */
function reuseShotOf(request: ReturnType<typeof imageRequestOf>) {
  const { prompt, scene, characters, blockType, text, shot } = request;
  return { prompt, scene, characters, blockType, text, shot };
}

/** The content key of a block's own frame, as makeImage looks it up: PlanBlocks copies a stored one without a task (plan-reuse.ts). */
export const mainImageReuseKey = (job: RenderJobItem, block: RenderBlockItem) =>
  imageReuseKey(jobFacts(job), reuseShotOf(imageRequestOf(job, block, block.imagePrompt ?? block.text, "main")));

/** Where a block's frame is kept in the render's folder. */
export const blockImageKey = (job: RenderJobItem, blockId: string, variant: string, contentType: string) =>
  `${renderKeys.folder(job.userId, job.renderJobId)}images/${blockId}-${variant}${imageExtension(contentType)}`;

/** The media record of a block's frame (PlanBlocks writes the reused ones in batches: plan-reuse.ts). */
export const blockImageRecord = (job: RenderJobItem, blockId: string, variant: string, url: string) => ({
  renderJobId: job.renderJobId,
  blockId,
  type: "image" as const,
  variant,
  userId: job.userId,
  screenplayId: job.screenplayId,
  url,
});

/** The media record of a block's frame, written once its file is stored. */
export const recordBlockImage = (job: RenderJobItem, blockId: string, variant: string, url: string) =>
  db.entities.renderMedia.put(blockImageRecord(job, blockId, variant, url)).go();

/**
 * Draws a block's image with a prompt and stores it as `variant` (the pipeline's own is "main");
 * `offline` draws it here whatever the provider (the free frame offered for a refused prompt).
 */
export async function makeImage(job: RenderJobItem, block: RenderBlockItem, prompt: string, variant: string, options: { offline?: boolean } = {}) {
  const { characterDictionary } = screenplaySnapshotOf(job);
  const request = imageRequestOf(job, block, prompt, variant);
  const { characters } = request;
  // The pipeline's own image is reused when its inputs are unchanged; an extra one asked for by hand is always new.
  const reuse = variant === "main" ? await reusableImage(jobFacts(job), reuseShotOf(request)) : undefined;
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
  const key = blockImageKey(job, block.blockId, variant, image.contentType);
  await putObject(config.mediaBucket, key, image.bytes, image.contentType);
  await recordBlockImage(job, block.blockId, variant, key);
  // Counted once its record is written: a task retried after a failure above counts it once.
  if (reuse?.found) await countReused("image", job.renderJobId);
  // The refusal is shown on the frame (the image picker), with 'Edit prompt': the render is not charged more for it.
  if (refusal) await noteDrawnInPlace(job, block.blockId, prompt, key, writerMessage(refusal, false));
  return key;
}
