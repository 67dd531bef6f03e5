/**
 * The charge of an on-demand frame (docs/decisions.md#on-demand-frames).
 * Taking the points also writes the pending frame and a deadline; the
 * background work settles it either way (keeps the image, or refunds). If the
 * work dies first (a killed Lambda, a lost start), the sweeper finds the
 * deadline and refunds. Each settle removes the deadline in its own
 * transaction, so exactly one of them wins.
 */
import { blocksChanged } from "./block-snapshot";
import { randomUUID } from "node:crypto";
import { now } from "../clock";
import { failedItems } from "../dynamo/errors";
import { commitWithRetry } from "../dynamo/transaction";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { creditItems, debitItems } from "../points/points";
import { assertNothingOwed } from "../points/shortfall";
import { IMAGE_GENERATION_COST } from "./pricing";
import { DRAWN_IN_PLACE_PREFIX } from "./types";

/** After this, an unsettled charge is the sweeper's to refund (the background work's own limit is shorter). */
export const IMAGE_CHARGE_DEADLINE_SECONDS = 300;

/** What the writer reads on a frame refunded without a reason of its own (the work died or overran). */
export const IMAGE_FAILED_MESSAGE = "The image could not be generated. Your points have been refunded.";

interface ChargeDetail {
  userId: string;
  renderJobId: string;
  blockId: string;
  amount: number;
}

const idempotencyValue = (userId: string, key: string) => `image:${userId}:${key}`;

/**
 * Takes the frame's points once per idempotency key and writes the pending
 * frame. A key already used answers the frame it made (`repeated`), charging nothing.
 */
export async function chargeImage(input: {
  userId: string;
  renderJobId: string;
  blockId: string;
  prompt: string;
  idempotencyKey: string;
}): Promise<{ chargeId: string; repeated: boolean }> {
  const earlier = await requestOfKey(input.userId, input.idempotencyKey);
  if (earlier) return { chargeId: earlier, repeated: true };
  const chargeId = randomUUID();
  await assertNothingOwed(input.userId);
  const detail: ChargeDetail = {
    userId: input.userId,
    renderJobId: input.renderJobId,
    blockId: input.blockId,
    amount: IMAGE_GENERATION_COST,
  };
  const result = await commitWithRetry(() =>
    db.transaction
      .write((tx) => [
        ...debitItems(tx, {
          userId: input.userId,
          amount: IMAGE_GENERATION_COST,
          reason: "image",
          referenceId: input.renderJobId,
          comment: "On-demand image",
        }),
        tx.unique.create({ kind: "idempotency", value: idempotencyValue(input.userId, input.idempotencyKey), ownerId: chargeId }).commit(),
        tx.deadline
          .create({ kind: "image", id: chargeId, dueAt: new Date(now() + IMAGE_CHARGE_DEADLINE_SECONDS * 1000).toISOString(), detail })
          .commit(),
        tx.imageRequest
          .create({ renderJobId: input.renderJobId, requestId: chargeId, blockId: input.blockId, userId: input.userId, prompt: input.prompt })
          .commit(),
      ])
      .go(),
  );
  if (!result.canceled) return { chargeId, repeated: false };
  const failed = failedItems(result.data);
  // The same key sent twice at once: the other request won the claim and made the frame.
  if (failed.includes(2)) {
    const winner = await requestOfKey(input.userId, input.idempotencyKey);
    if (winner) return { chargeId: winner, repeated: true };
  }
  if (failed.includes(0))
    throw new AppError("payment_required", `Generating an image costs ${IMAGE_GENERATION_COST} points, and your balance is too low.`);
  throw AppError.conflict("Someone else changed this at the same moment. Please try again.");
}

async function requestOfKey(userId: string, key: string) {
  const { data } = await db.entities.unique.get({ kind: "idempotency", value: idempotencyValue(userId, key) }).go({ consistent: true });
  return data?.ownerId;
}

/** How a charge ends: the frame kept, or refunded as failed or refused with what the writer reads. */
export type ImageOutcome = { keep: string } | { refund: "failed" | "refused"; message: string };

/**
 * Settles a charge: `keep` appends the image to its block, a refund gives the
 * points back; the pending frame says which. False when the charge was already settled (by the other path).
 */
export async function settleImageCharge(chargeId: string, outcome: ImageOutcome): Promise<boolean> {
  const { data: deadline } = await db.entities.deadline.get({ kind: "image", id: chargeId }).go({ consistent: true });
  if (!deadline) return false;
  const detail = deadline.detail as ChargeDetail;
  const request = { renderJobId: detail.renderJobId, requestId: chargeId };
  const result = await commitWithRetry(() =>
    db.transaction
      .write((tx) => [
        tx.deadline
          .delete({ kind: "image", id: chargeId })
          .where((d, { exists }) => exists(d.dueAt))
          .commit(),
        ...("refund" in outcome
          ? [
              ...creditItems(tx, {
                userId: detail.userId,
                delta: detail.amount,
                reason: "refund",
                referenceId: detail.renderJobId,
                comment: "Refund: the image could not be generated",
              }),
              tx.imageRequest.update(request).set({ status: outcome.refund, message: outcome.message }).commit(),
            ]
          : [
              tx.renderBlock
                .patch({ renderJobId: detail.renderJobId, blockId: detail.blockId })
                .append({ imageUrl: [outcome.keep] })
                .commit(),
              tx.imageRequest.update(request).set({ status: "ready", url: outcome.keep }).commit(),
            ]),
      ])
      .go(),
  );
  if (!result.canceled) {
    if ("keep" in outcome) await blocksChanged(detail.renderJobId);
    return true;
  }
  if (failedItems(result.data).includes(0)) return false;
  throw new Error(`The image charge ${chargeId} could not be settled (${result.data.map((item) => item.code).join(", ")}).`);
}

/** A render's own frame the image service refused, drawn offline in its place: listed among the frames, with the refusal. */
export async function noteDrawnInPlace(job: { renderJobId: string; userId: string }, blockId: string, prompt: string, url: string, message: string) {
  await db.entities.imageRequest
    .put({ renderJobId: job.renderJobId, requestId: `${DRAWN_IN_PLACE_PREFIX}${blockId}`, blockId, userId: job.userId, prompt, status: "drawn", url, message })
    .go();
}
