import { randomUUID } from "node:crypto";
import { failedItems, isConditionFailed } from "../dynamo/errors";
import { commitWithRetry } from "../dynamo/transaction";
import { db } from "../dynamo/service";
import { logger } from "../logger";
import { creditItems } from "../points/points";
import { providerFailureIn, writerMessage } from "../provider/cloud/failure";
import { notifyRender } from "./notify";

/**
 * Gives the render's points back, exactly once: the job's `refunded` flag, the
 * balance and the ledger entry change in one transaction that only commits
 * while the flag is still false. A conflict with another transaction is
 * retried; any other failure throws, so nothing reads it as "already refunded".
 */
export async function refundRender(renderJobId: string, comment: string): Promise<boolean> {
  const { data: job } = await db.entities.renderJob.get({ renderJobId }).go();
  if (!job || job.refunded || !job.pointsCharged) return false;
  const amount = job.pointsCharged;
  const result = await commitWithRetry(() =>
    db.transaction
      .write((tx) => [
        tx.renderJob
          .patch({ renderJobId })
          .set({ refunded: true })
          .where(({ refunded, pointsCharged }, { eq }) => `${eq(refunded, false)} AND ${eq(pointsCharged, amount)}`)
          .commit(),
        ...creditItems(tx, { userId: job.userId, delta: amount, reason: "refund", referenceId: renderJobId, comment }),
      ])
      .go(),
  );
  if (!result.canceled) return true;
  if (failedItems(result.data).includes(0)) return false; // refunded meanwhile, or charged anew (a re-render): the other path settles it
  const reasons = result.data.map((item) => item.code).join(", ");
  throw new Error(`The refund of render ${renderJobId} could not be saved (${reasons}).`);
}

export interface FailureDetails {
  source: string;
  /** For the operator (error log); a provider's failure in it also decides what the writer reads. */
  message: string;
  blockId?: string;
  kind?: string;
}

const FAILED_REASON = "Something went wrong while making this render. Your points have been refunded.";
/** What the render page says of a render that failed and was refunded. */
export const refundedReason = (points: number) => `This render failed; ${points} points were refunded.`;
const RE_RENDER_FAILED_REASON = "The re-render failed. Your previous video is kept and your points have been refunded.";

/**
 * Marks a render failed, logs why in error_logs, refunds it once and tells the
 * user (if they want to know). Never touches a complete render. A failed
 * re-render goes back to `complete`: its previous video is still there.
 */
export async function markRenderFailed(renderJobId: string, details: FailureDetails) {
  const { data: job } = await db.entities.renderJob.get({ renderJobId }).go();
  if (!job) return;
  if (job.status === "complete") {
    logger.warn("A failure was reported for a complete render; left as it is", { renderJobId, ...details });
    return;
  }
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
  const backToComplete = job.type === "re-render" && !!job.outputFilePath;
  // A provider's failure is told in words the writer can act on (docs/decisions.md#provider-errors).
  const provider = providerFailureIn(details.message);
  const providerReason = provider && writerMessage(provider);
  try {
    await db.entities.renderJob
      .patch({ renderJobId })
      .set(
        backToComplete
          ? {
              status: "complete",
              failureReason: providerReason ? `${providerReason} Your previous video is kept.` : RE_RENDER_FAILED_REASON,
            }
          : { status: "failed", failureReason: providerReason ?? FAILED_REASON },
      )
      .where(({ status }, { ne }) => ne(status, "complete"))
      .go();
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    logger.warn("The render completed while its failure was being recorded; left complete", { renderJobId });
    return;
  }
  const refunded = await refundRender(
    renderJobId,
    backToComplete ? `Refund for failed re-render: ${job.title}` : `Refund for failed render: ${job.title}`,
  );
  if (refunded && !backToComplete) {
    // The page says what happened in numbers (docs/decisions.md#crash-safety), after what a provider's failure means
    // to the writer (docs/decisions.md#provider-errors).
    const refundedText = refundedReason(job.pointsCharged ?? 0);
    await db.entities.renderJob
      .patch({ renderJobId })
      .set({ failureReason: provider ? `${writerMessage(provider, false)} ${refundedText}` : refundedText })
      .where(({ status }, { eq }) => eq(status, "failed"))
      .go()
      .catch((error: unknown) => {
        if (!isConditionFailed(error)) throw error;
      });
  }
  if (!alreadyFailed) {
    await notifyRender("renderFailure", job, { refundedPoints: refunded ? job.pointsCharged : undefined });
  }
}
