/**
 * The charge of an on-demand image (docs/decisions.md#hardening). Taking the
 * points also records a deadline; the request settles it either way (keeps
 * the image, or refunds). If the request dies first (a killed Lambda, a
 * timeout), the sweeper finds the deadline and refunds. Each settle removes
 * the deadline in its own transaction, so exactly one of them wins.
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

/** After this, an unsettled charge is the sweeper's to refund (the request's own limit is far shorter). */
export const IMAGE_CHARGE_DEADLINE_SECONDS = 120;

interface ChargeDetail {
  userId: string;
  renderJobId: string;
  blockId: string;
  amount: number;
}

/** Takes the image's points once per idempotency key and answers the charge id. */
export async function chargeImage(input: {
  userId: string;
  renderJobId: string;
  blockId: string;
  idempotencyKey: string;
}): Promise<string> {
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
        tx.unique.create({ kind: "idempotency", value: `image:${input.userId}:${input.idempotencyKey}`, ownerId: chargeId }).commit(),
        tx.deadline
          .create({ kind: "image", id: chargeId, dueAt: new Date(now() + IMAGE_CHARGE_DEADLINE_SECONDS * 1000).toISOString(), detail })
          .commit(),
      ])
      .go(),
  );
  if (!result.canceled) return chargeId;
  const failed = failedItems(result.data);
  if (failed.includes(0))
    throw new AppError("payment_required", `Generating an image costs ${IMAGE_GENERATION_COST} points, and your balance is too low.`);
  if (failed.includes(2))
    throw AppError.conflict("This image was already requested. It will appear among the block's images when it is ready.");
  throw AppError.conflict("Someone else changed this at the same moment. Please try again.");
}

/**
 * Settles a charge: `keep` appends the image to its block, `refund` gives the
 * points back. False when the charge was already settled (by the other path).
 */
export async function settleImageCharge(chargeId: string, outcome: "refund" | { keep: string }): Promise<boolean> {
  const { data: deadline } = await db.entities.deadline.get({ kind: "image", id: chargeId }).go();
  if (!deadline) return false;
  const detail = deadline.detail as ChargeDetail;
  const result = await commitWithRetry(() =>
    db.transaction
      .write((tx) => [
        tx.deadline
          .delete({ kind: "image", id: chargeId })
          .where((d, { exists }) => exists(d.dueAt))
          .commit(),
        ...(outcome === "refund"
          ? creditItems(tx, {
              userId: detail.userId,
              delta: detail.amount,
              reason: "refund",
              referenceId: detail.renderJobId,
              comment: "Refund: the image could not be generated",
            })
          : [
              tx.renderBlock
                .patch({ renderJobId: detail.renderJobId, blockId: detail.blockId })
                .append({ imageUrl: [outcome.keep] })
                .commit(),
            ]),
      ])
      .go(),
  );
  if (!result.canceled) {
    if (outcome !== "refund") await blocksChanged(detail.renderJobId);
    return true;
  }
  if (failedItems(result.data).includes(0)) return false;
  throw new Error(`The image charge ${chargeId} could not be settled (${result.data.map((item) => item.code).join(", ")}).`);
}
