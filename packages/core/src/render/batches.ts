import { getObjectBytes, putObject } from "../blob/s3";
import { renderKeys } from "../blob/keys";
import { config } from "../config";
import { mapWithLimit } from "./concurrency";

/**
 * The generate phase's work list lives in S3, in fixed-size batches
 * (docs/decisions.md#scale): the Map carries only `{ renderJobId, batch }`
 * per item, so a 200-page screenplay stays far inside Step Functions' 256 KB
 * state and its event history, and the local runner (which has no
 * Distributed Map) runs the same definition.
 */
export const BATCH_TASKS = 16;
/** Assets a batch makes at once; the Map runs BLOCK_CONCURRENCY batches at once. */
export const BATCH_CONCURRENCY = 2;

export interface BlockTask {
  renderJobId: string;
  blockId: string;
  kind: "image" | "audio";
}

/** One Map item. */
export interface BlockBatch {
  renderJobId: string;
  batch: number;
}

const batchKey = (owner: { userId: string; renderJobId: string }, batch: number) =>
  `${renderKeys.folder(owner.userId, owner.renderJobId)}plan/batch-${batch}.json`;

/** `tasks` cut into batches of BATCH_TASKS, in order. */
export function toBatches<T>(tasks: T[]): T[][] {
  return Array.from({ length: Math.ceil(tasks.length / BATCH_TASKS) }, (_, i) => tasks.slice(i * BATCH_TASKS, (i + 1) * BATCH_TASKS));
}

/** Writes `tasks` as batches to S3 and answers the Map's items. */
export async function writeBatches(owner: { userId: string; renderJobId: string }, tasks: BlockTask[]): Promise<BlockBatch[]> {
  const batches = toBatches(tasks);
  await mapWithLimit(batches, 8, (slice, i) =>
    putObject(config.mediaBucket, batchKey(owner, i), JSON.stringify(slice), "application/json"),
  );
  return batches.map((_, batch) => ({ renderJobId: owner.renderJobId, batch }));
}

export async function readBatch(owner: { userId: string; renderJobId: string }, batch: number): Promise<BlockTask[]> {
  return JSON.parse(Buffer.from(await getObjectBytes(config.mediaBucket, batchKey(owner, batch))).toString("utf8"));
}
