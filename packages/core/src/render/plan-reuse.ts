/**
 * Before the generate phase's Map (docs/decisions.md#a-revised-render-plans-only-what-is-new): every image and
 * line the writer's earlier renders already made is copied inside S3 and recorded by PlanBlocks, so the Map's
 * tasks are only what is made anew, and no reused byte passes through a task. What cannot be taken here
 * (nothing stored, a header out of reach) is left to the task, which looks it up again as before.
 */
import { copyObject } from "../blob/s3";
import { config } from "../config";
import { wavDurationFromHead } from "../media/wav";
import { peekAsset, storedContentKeys } from "../revision/asset-store";
import { speechReuseKey } from "../revision/reuse";
import { blockImageKey, countReused, jobFacts, mainImageReuseKey, recordBlockImage } from "./block-image";
import { blockAudioKey, recordSpeech, speechOf } from "./block-speech";
import { mapWithLimit } from "./concurrency";
import { db } from "../dynamo/service";
import { hasMedia, type RenderBlockItem, type RenderJobItem } from "./jobs";

/** Lookups and copies in flight at once: S3 and DynamoDB calls, no bytes through the process. */
const REUSE_CONCURRENCY = 16;
/** Enough of a WAV for its format and data chunk headers (the providers' files start with them). */
const WAV_HEAD_BYTES = 4096;

/**
 * Takes every reusable asset of `blocks` that is missing, and marks it present on the block (`imageUrl`,
 * `audioUrl`), so the caller plans tasks for the rest only. Each take is the task's own outcome (same keys,
 * same records), so a PlanBlocks retried halfway takes only what is still missing.
 */
export async function takeReusedAssets(job: RenderJobItem, blocks: RenderBlockItem[]) {
  const missing = blocks
    .filter(hasMedia)
    .flatMap((block) => [
      ...(block.imageUrl?.length ? [] : [{ block, kind: "image" as const }]),
      ...(block.audioUrl ? [] : [{ block, kind: "audio" as const }]),
    ]);
  if (!missing.length) return;
  const [images, lines] = await Promise.all([
    storedContentKeys(job.userId, job.screenplayId, "image"),
    storedContentKeys(job.userId, job.screenplayId, "audio"),
  ]);
  // A first render of a screenplay has nothing stored: no lookups at all.
  if (!images.size && !lines.size) return;
  await mapWithLimit(missing, REUSE_CONCURRENCY, async ({ block, kind }) => {
    if (kind === "image") {
      const url = await takeImage(job, block, images);
      if (url) block.imageUrl = [url];
    } else {
      const url = await takeSpeech(job, block, lines);
      if (url) block.audioUrl = url;
    }
  });
}

async function takeImage(job: RenderJobItem, block: RenderBlockItem, stored: Set<string>) {
  const contentKey = mainImageReuseKey(job, block);
  const found = stored.has(contentKey) ? await peekAsset(job.userId, job.screenplayId, "image", contentKey, 1) : undefined;
  if (!found) return undefined;
  const url = blockImageKey(job, block.blockId, "main", found.contentType);
  if (!(await copyObject(config.mediaBucket, found.key, url))) return undefined;
  await recordBlockImage(job, block.blockId, "main", url);
  await db.entities.renderBlock.patch({ renderJobId: job.renderJobId, blockId: block.blockId }).set({ imageUrl: [url] }).go();
  await countReused("image", job.renderJobId);
  return url;
}

async function takeSpeech(job: RenderJobItem, block: RenderBlockItem, stored: Set<string>) {
  const line = speechOf(job, block);
  // An animal's silence is made on the spot; a block without a voice fails in its task, with its message.
  if (!line || line.animal) return undefined;
  const contentKey = speechReuseKey(jobFacts(job), line.reuseText, line.voiceId);
  const found = stored.has(contentKey) ? await peekAsset(job.userId, job.screenplayId, "audio", contentKey, WAV_HEAD_BYTES) : undefined;
  const durationMs = found && wavDurationFromHead(found.head, found.size);
  if (!found || durationMs === undefined) return undefined;
  const url = blockAudioKey(job, block.blockId);
  if (!(await copyObject(config.mediaBucket, found.key, url))) return undefined;
  // Rounded as the task rounds a reused line, so the video is the one a full render makes.
  await recordSpeech(job, block.blockId, url, Math.round(durationMs), line.voiceId);
  await countReused("audio", job.renderJobId);
  return url;
}
