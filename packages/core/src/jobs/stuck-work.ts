/**
 * The sweeper (docs/decisions.md#hardening), every few minutes: work whose
 * deadline has passed is settled. A render still in a pipeline status past
 * its phase's deadline is failed and refunded; an on-demand image charge
 * that was never settled (the request died) is refunded.
 */
import { now } from "../clock";
import { db } from "../dynamo/service";
import { logger } from "../logger";
import { clearDeadline, dueDeadlines, isPipelineActive } from "../render/deadlines";
import { markRenderFailed } from "../render/failure";
import { settleImageCharge } from "../render/image-charge";

export async function sweepStuckWork(at = now()) {
  let failedRenders = 0;
  for (const deadline of await dueDeadlines("render", at)) {
    const { data: job } = await db.entities.renderJob.get({ renderJobId: deadline.id }).go();
    if (job && isPipelineActive(job.status)) {
      await markRenderFailed(job.renderJobId, {
        source: "stuck-render-sweeper",
        message: `The render was still ${job.status.replace(/_/g, " ")} past the deadline of its ${deadline.phase ?? "current"} phase (${deadline.dueAt}).`,
      });
      failedRenders++;
    }
    await clearDeadline("render", deadline.id, deadline.dueAt);
  }
  let refundedImages = 0;
  for (const deadline of await dueDeadlines("image", at)) {
    if (await settleImageCharge(deadline.id, "refund")) refundedImages++;
  }
  if (failedRenders || refundedImages) logger.warn("Stuck work settled", { failedRenders, refundedImages });
  return { failedRenders, refundedImages };
}
