import { db } from "../dynamo/service";
import { providers } from "../provider/registry";
import { getRenderBlocks, getRenderJob, hasMedia, type RenderJobItem } from "./jobs";
import { renderBlockViews } from "./block-snapshot";
import { BATCH_CONCURRENCY, type BlockBatch, type BlockTask, readBatch, writeBatches } from "./batches";
import { mapWithLimit } from "./concurrency";
import { renderHeartbeat } from "./deadlines";
import { startPhase } from "./phases";
import { moveRenderStatus } from "./transition";
import { withRetries } from "./retry";
import { readWavInfo } from "../media/wav";
import { reusableSpeech } from "../revision/reuse";
import { refreshCharacterReferences } from "./character-references";
import { countReused, jobFacts, makeImage } from "./block-image";
import { animalLine, speechOf, storeSpeech } from "./block-speech";
import { takeReusedAssets } from "./plan-reuse";

// Kept for packages/local's character-references.int.test.ts until it imports block-image.ts itself.
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
  // What the writer's earlier renders made is taken here, read with the portraits just refreshed: the Map makes only what is new.
  await takeReusedAssets(await getRenderJob(renderJobId), blocks);
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

/**
 * One Map item: the batch's assets, BATCH_CONCURRENCY at once; each is idempotent, so a retried batch redoes only what
 * is missing. A failed asset fails the batch only once the others have ended: a retry that started while they still
 * ran would make and count their blocks a second time.
 */
export async function generateBlockBatch(input: BlockBatch) {
  const job = await getRenderJob(input.renderJobId);
  const tasks = await readBatch(job, input.batch);
  // The job is read once for the batch: what its assets use (owner, style, voices, dictionaries) is fixed while they are made.
  const ended = await mapWithLimit(tasks, BATCH_CONCURRENCY, (t) =>
    generateBlockAsset(t, job).then(
      () => undefined,
      (error: unknown) => ({ error }),
    ),
  );
  const failed = ended.find((outcome) => outcome !== undefined);
  if (failed) throw failed.error;
  return { ...input, made: tasks.length };
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
  const line = speechOf(job, block);
  if (!line) throw new Error(`No voice for block ${block.blockId}`);
  if (line.animal) return speechStored(task, await storeSpeech(job, block.blockId, animalLine(block.text), line.voiceId));
  // A line unchanged since the writer's earlier render is copied, not spoken again (docs/decisions.md#revised-drafts).
  const reuse = await reusableSpeech(jobFacts(job), line.reuseText, line.voiceId);
  const speech = reuse.found
    ? // Rounded as the providers round a line they make, so a reused line is timed as when it was made (and a revised render's video is a full render's).
      { wav: reuse.found.bytes, durationMs: Math.round(readWavInfo(reuse.found.bytes).durationMs) }
    : await withRetries(() =>
        providers().speech.synthesize({ text: line.text, voiceId: line.voiceId, ...(line.delivery.length ? { delivery: line.delivery } : {}) }),
      );
  if (!reuse.found) await reuse.keep({ bytes: speech.wav, contentType: "audio/wav" });
  const stored = await speechStored(task, await storeSpeech(job, block.blockId, speech, line.voiceId));
  // Counted once the block holds its line: a task retried after a failure above counts it once.
  if (reuse.found) await countReused("audio", task.renderJobId);
  return stored;
}

async function speechStored(task: BlockTask, url: string) {
  await countMade(task);
  return { ...task, url };
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
