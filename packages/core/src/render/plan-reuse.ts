/**
 * Before the generate phase's Map (docs/decisions.md#a-revised-render-plans-only-what-is-new): every image and
 * line the writer's earlier renders already made is taken and recorded by PlanBlocks, so the Map's tasks are
 * only what is made anew, and no reused byte passes through a task. A frame or a line is named where the
 * writer's store keeps it, which never replaces a kept asset (docs/decisions.md#a-reused-line-is-named-not-copied,
 * docs/decisions.md#a-reused-frame-is-named-not-copied); a frame kept before frames were kept with their
 * extension is copied into the render's folder, whose file names end as the picture is.
 * What cannot be taken here (nothing stored, a header out of reach) is left to the task, which looks it up again as before.
 * A reused asset costs no request of its own: what it is comes from one listing of the store's facts, and its
 * records are written in batches (docs/decisions.md#reused-assets-cost-a-listing-not-a-request-each).
 */
import { copyObject } from "../blob/s3";
import { config } from "../config";
import { batchWriteAll } from "../dynamo/batch";
import { db } from "../dynamo/service";
import { commitWithRetry } from "../dynamo/transaction";
import { wavDurationFromHead } from "../media/wav";
import { type AssetFacts, assetStoreKeys, peekAsset, storedContentKeys, storedFacts } from "../revision/asset-store";
import { speechReuseKey } from "../revision/reuse";
import { blockImageKey, blockImageRecord, countReused, jobFacts, mainImageReuseKey } from "./block-image";
import { speechOf, speechRecords } from "./block-speech";
import { mapWithLimit } from "./concurrency";
import { hasMedia, type RenderBlockItem, type RenderJobItem } from "./jobs";

/** Copies in flight at once (and the peeks of a store kept before its facts were): no bytes through the process. */
const REUSE_CONCURRENCY = 16;
/** Enough of a WAV for its format and data chunk headers (the providers' files start with them). */
const WAV_HEAD_BYTES = 4096;
/** DynamoDB's most writes in one transaction. */
const TRANSACTION_ITEMS = 100;

interface Stored {
  /** Per kind, the name each content key is kept under (revision/asset-store.ts storedContentKeys). */
  keys: { image: Map<string, string>; audio: Map<string, string> };
  facts: Map<string, AssetFacts>;
}

/** What one block took: its frame's key, and its line's key and length. */
interface Taken {
  block: RenderBlockItem;
  image?: string;
  line?: { url: string; durationMs: number; voiceId: string };
}

/**
 * Takes every reusable asset of `blocks` that is missing, and marks it present on the block (`imageUrl`,
 * `audioUrl`), so the caller plans tasks for the rest only. The records are the task's own (same keys, same
 * fields), and a block is marked only after its files and media records are in place, so a PlanBlocks retried
 * halfway takes only what is still missing.
 */
export async function takeReusedAssets(job: RenderJobItem, blocks: RenderBlockItem[]) {
  const missing = blocks.filter((block) => hasMedia(block) && (!block.imageUrl?.length || !block.audioUrl));
  if (!missing.length) return;
  const [image, audio] = await Promise.all([
    storedContentKeys(job.userId, job.screenplayId, "image"),
    storedContentKeys(job.userId, job.screenplayId, "audio"),
  ]);
  // A first render of a screenplay has nothing stored: no lookups at all.
  if (!image.size && !audio.size) return;
  const stored: Stored = { keys: { image, audio }, facts: await storedFacts(job.userId, job.screenplayId) };
  const taken = (
    await mapWithLimit(missing, REUSE_CONCURRENCY, async (block): Promise<Taken> => {
      const [image, line] = await Promise.all([
        block.imageUrl?.length ? undefined : takeImage(job, block, stored),
        block.audioUrl ? undefined : takeSpeech(job, block, stored),
      ]);
      return { block, image, line };
    })
  ).filter((t) => t.image || t.line);
  if (!taken.length) return;
  await recordTaken(job, taken);
  for (const { block, image, line } of taken) {
    if (image) block.imageUrl = [image];
    if (line) block.audioUrl = line.url;
  }
}

/** The block's stored frame, named where the store keeps it (or copied, if kept without its extension); its key, or undefined when none can be taken. */
async function takeImage(job: RenderJobItem, block: RenderBlockItem, stored: Stored) {
  const contentKey = mainImageReuseKey(job, block);
  const name = stored.keys.image.get(contentKey);
  if (!name) return undefined;
  const from = { key: assetKey(job, "image", name), ...stored.facts.get(`image/${contentKey}`) };
  if (name !== contentKey) return from.key;
  const contentType = from.contentType ?? (await peekAsset(job.userId, job.screenplayId, "image", name, 1))?.contentType;
  if (!contentType) return undefined;
  const url = blockImageKey(job, block.blockId, "main", contentType);
  return (await copyObject(config.mediaBucket, from.key, url)) ? url : undefined;
}

/** The block's stored line, named where the store keeps it: its key and length, or undefined when none can be taken. */
async function takeSpeech(job: RenderJobItem, block: RenderBlockItem, stored: Stored) {
  const line = speechOf(job, block);
  // An animal's silence is made on the spot; a block without a voice fails in its task, with its message.
  if (!line || line.animal) return undefined;
  const contentKey = speechReuseKey(jobFacts(job), line.reuseText, line.voiceId);
  const name = stored.keys.audio.get(contentKey);
  if (!name) return undefined;
  const durationMs = stored.facts.get(`audio/${contentKey}`)?.durationMs ?? (await peekDuration(job, name));
  if (durationMs === undefined) return undefined;
  return { url: assetKey(job, "audio", name), durationMs, voiceId: line.voiceId };
}

/** A line kept before the store recorded facts: its length from its header, rounded as the task rounds a reused line. */
async function peekDuration(job: RenderJobItem, storedAs: string) {
  const found = await peekAsset(job.userId, job.screenplayId, "audio", storedAs, WAV_HEAD_BYTES);
  const durationMs = found && wavDurationFromHead(found.head, found.size);
  return durationMs === undefined ? undefined : Math.round(durationMs);
}

const assetKey = (job: RenderJobItem, kind: "image" | "audio", storedAs: string) =>
  assetStoreKeys.asset(job.userId, job.screenplayId, kind, storedAs);

/**
 * The media records in batches of 25, then each block's image and line in one update, a hundred blocks to a
 * transaction (updates, not puts: nothing else of the block is rewritten), then one count per kind.
 */
async function recordTaken(job: RenderJobItem, taken: Taken[]) {
  const media = taken.flatMap(({ block, image, line }) => [
    ...(image ? [blockImageRecord(job, block.blockId, "main", image)] : []),
    ...(line ? [speechRecords(job, block.blockId, line.url, line.durationMs, line.voiceId).media] : []),
  ]);
  await batchWriteAll(
    (batch) => db.entities.renderMedia.put(batch),
    media,
    (item) => `${item.type}/${item.blockId}/${item.variant}`,
  );
  for (let i = 0; i < taken.length; i += TRANSACTION_ITEMS) {
    const chunk = taken.slice(i, i + TRANSACTION_ITEMS);
    const result = await commitWithRetry(() =>
      db.transaction
        .write(({ renderBlock }) =>
          chunk.map(({ block, image, line }) =>
            renderBlock
              .patch({ renderJobId: job.renderJobId, blockId: block.blockId })
              .set({
                ...(image ? { imageUrl: [image] } : {}),
                ...(line ? speechRecords(job, block.blockId, line.url, line.durationMs, line.voiceId).block : {}),
              })
              .commit(),
          ),
        )
        .go(),
    );
    if (result.canceled) throw new Error(`The reused assets of ${chunk.length} blocks of render ${job.renderJobId} were not recorded`);
  }
  const images = taken.filter((t) => t.image).length;
  const lines = taken.filter((t) => t.line).length;
  await Promise.all([
    images ? countReused("image", job.renderJobId, images) : undefined,
    lines ? countReused("audio", job.renderJobId, lines) : undefined,
  ]);
}
