import { randomUUID } from "node:crypto";
import { db } from "../dynamo/service";
import { logger } from "../logger";
import { notifyRender } from "./notify";

/**
 * Gives the render's points back, exactly once: the ledger entry, the balance
 * and the job's `refunded` flag change in one transaction that only commits
 * while the flag is still false.
 */
export async function refundRender(renderJobId: string, comment: string): Promise<boolean> {
  const { data: job } = await db.entities.renderJob.get({ renderJobId }).go();
  if (!job || job.refunded || !job.pointsCharged) return false;
  const amount = job.pointsCharged;
  const result = await db.transaction
    .write(({ renderJob, user, pointsLedger }) => [
      renderJob
        .patch({ renderJobId })
        .set({ refunded: true })
        .where(({ refunded }, { eq }) => eq(refunded, false))
        .commit(),
      user.patch({ userId: job.userId }).add({ points: amount }).commit(),
      pointsLedger
        .create({ userId: job.userId, entryId: randomUUID(), delta: amount, reason: "refund", referenceId: renderJobId, comment })
        .commit(),
    ])
    .go();
  return !result.canceled;
}

export interface FailureDetails {
  source: string;
  message: string;
  blockId?: string;
  kind?: string;
}

/** Marks a render failed, logs why in error_logs, refunds it once and tells the user (if they want to know). */
export async function markRenderFailed(renderJobId: string, details: FailureDetails) {
  const { data: job } = await db.entities.renderJob.get({ renderJobId }).go();
  if (!job) return;
  logger.error("Render failed", { renderJobId, ...details });
  await db.entities.errorLog
    .create({
      errorLogId: randomUUID(),
      source: details.source,
      errorMessage: details.message.slice(0, 2000),
      userId: job.userId,
      renderJobId,
      screenplayId: job.screenplayId,
      blockId: details.blockId,
      kind: details.kind,
      status: "pending",
    })
    .go();
  const alreadyFailed = job.status === "failed";
  await db.entities.renderJob
    .patch({ renderJobId })
    .set({ status: "failed", failureReason: "Something went wrong while making this render. Your points have been refunded." })
    .go();
  const refunded = await refundRender(renderJobId, `Refund for failed render: ${job.title}`);
  if (!alreadyFailed) {
    await notifyRender("renderFailure", job, { refundedPoints: refunded ? job.pointsCharged : undefined });
  }
}
