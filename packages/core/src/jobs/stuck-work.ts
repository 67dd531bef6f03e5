/**
 * The sweeper (docs/decisions.md#crash-safety), every few minutes and once at
 * each local start: work whose deadline has passed is settled. A render that
 * showed no progress for its phase's limit is resumed, or failed and refunded
 * when it cannot resume (render/resume.ts); an on-demand image charge that was
 * never settled (the request died) is refunded; a screenplay whose parse was
 * cut off is parsed again once, then failed with a message. Review links' batched
 * e-mails that are due go out (review/mail.ts): by their own time, even after a restart.
 */
import { now } from "../clock";
import { db } from "../dynamo/service";
import { logger } from "../logger";
import { clearDeadline, dueDeadlines } from "../render/deadlines";
import { IMAGE_FAILED_MESSAGE, settleImageCharge } from "../render/image-charge";
import { resumeOrFail } from "../render/resume";
import { sendDueReviewMails } from "../review/mail";
import { sweepStalledParses } from "../screenplay/parse-sweep";

export interface SweepOptions {
  /**
   * Everything in flight was cut off (a local start: no execution or request survives
   * the process), so every deadline counts as passed.
   */
  afterRestart?: boolean;
}

export async function sweepStuckWork(at = now(), options: SweepOptions = {}) {
  const cutoff = options.afterRestart ? Date.UTC(9999, 0) : at;
  let resumedRenders = 0;
  let failedRenders = 0;
  for (const deadline of await dueDeadlines("render", cutoff)) {
    const { data: job } = await db.entities.renderJob.get({ renderJobId: deadline.id }).go();
    const why = options.afterRestart
      ? `The render was ${job?.status.replace(/_/g, " ")} when the product stopped.`
      : `The render showed no progress in its ${deadline.phase ?? "current"} phase by ${deadline.dueAt}.`;
    const outcome = job ? await resumeOrFail(job, why) : "left";
    if (outcome === "resumed") resumedRenders++;
    if (outcome === "failed") failedRenders++;
    // A resumed render has a new deadline (a new dueAt), which this leaves in place.
    await clearDeadline("render", deadline.id, deadline.dueAt);
  }
  let refundedImages = 0;
  for (const deadline of await dueDeadlines("image", cutoff)) {
    if (await settleImageCharge(deadline.id, { refund: "failed", message: IMAGE_FAILED_MESSAGE })) refundedImages++;
  }
  const parses = await sweepStalledParses(cutoff);
  const settled = { resumedRenders, failedRenders, refundedImages, ...parses };
  if (Object.values(settled).some(Boolean)) logger.warn("Stuck work settled", settled);
  // Not stuck work: a mail due by now, never earlier, so a restart cannot break the 10-minute batching.
  const reviewMails = await sendDueReviewMails(at);
  return { ...settled, reviewMails };
}
