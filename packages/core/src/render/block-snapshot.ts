import { renderKeys } from "../blob/keys";
import { getObjectJson, putObject } from "../blob/s3";
import { config } from "../config";
import { db } from "../dynamo/service";
import { getRenderBlocks, type RenderJobItem, toBlockView } from "./jobs";

/**
 * The render page's block list from a snapshot (docs/decisions.md#scale): the
 * poll reads the job (one item) and rebuilds the list (a query of every block)
 * only when the job says the blocks changed. The snapshot lives in this
 * process for the next poll and in S3 for other processes (warm Lambdas).
 *
 * Its version is the job's `blocksVersion` and `updatedAt`: every block write
 * either updates the job in the same flow (generate tasks count their media on
 * it; describe moves its status) or calls `blocksChanged`.
 */
export type BlockView = ReturnType<typeof toBlockView>;

interface Snapshot {
  version: string;
  blocks: BlockView[];
}

/** Renders kept in this process; the oldest is dropped first. */
const KEEP = 200;
const kept = new Map<string, Snapshot>();

const versionOf = (job: RenderJobItem) => `${job.blocksVersion ?? 0}:${job.updatedAt}`;
const snapshotKey = (job: RenderJobItem) => `${renderKeys.folder(job.userId, job.renderJobId)}blocks.json`;

function keep(renderJobId: string, snapshot: Snapshot) {
  kept.delete(renderJobId);
  kept.set(renderJobId, snapshot);
  if (kept.size > KEEP) kept.delete(kept.keys().next().value!);
}

/** The job's blocks as the render page shows them, in screenplay order. */
export async function renderBlockViews(job: RenderJobItem): Promise<BlockView[]> {
  const version = versionOf(job);
  const here = kept.get(job.renderJobId);
  if (here?.version === version) return here.blocks;
  const stored = await getObjectJson<Snapshot>(config.mediaBucket, snapshotKey(job)).catch(() => undefined);
  if (stored?.version === version) {
    keep(job.renderJobId, stored);
    return stored.blocks;
  }
  const snapshot = { version, blocks: (await getRenderBlocks(job.renderJobId)).map(toBlockView) };
  await putObject(config.mediaBucket, snapshotKey(job), JSON.stringify(snapshot), "application/json");
  keep(job.renderJobId, snapshot);
  return snapshot.blocks;
}

/** Says that a render's blocks changed, for writes that do not otherwise touch the job. */
export async function blocksChanged(renderJobId: string) {
  await db.entities.renderJob.patch({ renderJobId }).add({ blocksVersion: 1 }).go();
}
