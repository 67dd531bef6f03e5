/**
 * Refunds and card disputes take back the points a payment bought
 * (docs/decisions.md#refunds-and-disputes). The payment is found from the
 * charge's PaymentIntent (a points or render purchase, or a subscription
 * invoice); its record keeps the points it bought and how many refunds and
 * disputes took back, and every write is conditioned on those numbers, so a
 * redelivered or reordered event changes nothing twice.
 */
import type Stripe from "stripe";
import { db } from "../dynamo/service";
import { logger } from "../logger";
import type { TransactionEntities } from "../points/points";
import { restorePoints, takeBackPoints } from "../points/shortfall";
import { ourIntent, retrieveIntent } from "./intents";
import { stripe } from "./stripe";
import { idOf } from "./subscription-state";

type PaymentRecord = NonNullable<Awaited<ReturnType<typeof paymentOfCharge>>>["payment"];

/** The payment record a charge paid, with the points it bought; null when the charge is not one of ours. */
async function paymentOfCharge(charge: Stripe.Charge) {
  const intentId = idOf(charge.payment_intent);
  if (!intentId) return null;
  const { data: links } = await db.entities.paymentProcessorId.query.byExternal({ processorName: "stripe", externalId: intentId }).go();
  const link = links.find((l) => l.type === "payment_intent");
  if (!link) return null;
  const { data: payments } = await db.entities.payment.query.byId({ paymentId: link.internalId }).go();
  const payment = payments[0];
  if (!payment) return null;
  // Records written before the points were kept on them: the intent's metadata says how many it bought.
  const points = payment.points ?? ourIntent(await retrieveIntent(intentId))?.points ?? 0;
  return { payment, points };
}

const keyOf = (p: PaymentRecord) => ({ userId: p.userId, createdAt: p.createdAt, paymentId: p.paymentId });

/** Points of `amount` cents of a payment of `total` cents that bought `points`: rounded up, never in the buyer's favour. */
export const pointsOfAmount = (points: number, amount: number, total: number) =>
  total > 0 ? Math.min(points, Math.ceil((points * Math.min(amount, total)) / total - 1e-9)) : 0;

/** The payment record's update, conditioned on the numbers the change was computed from. */
function recordItem(tx: TransactionEntities, p: PaymentRecord, set: { status?: string; pointsRefunded?: number; pointsDisputed?: number }) {
  return tx.payment
    .patch(keyOf(p))
    .set(set)
    .where((a, { eq, notExists }) =>
      [
        p.pointsRefunded ? eq(a.pointsRefunded, p.pointsRefunded) : `(${notExists(a.pointsRefunded)} OR ${eq(a.pointsRefunded, 0)})`,
        p.pointsDisputed ? eq(a.pointsDisputed, p.pointsDisputed) : `(${notExists(a.pointsDisputed)} OR ${eq(a.pointsDisputed, 0)})`,
      ].join(" AND "),
    )
    .commit();
}

/** `charge.refunded`, full or partial: takes back the refunded share of the points, once per refunded cent. */
export async function onChargeRefunded(event: Stripe.Event) {
  const charge = await stripe().charges.retrieve((event.data.object as Stripe.Charge).id);
  if (charge.amount_refunded <= 0) return;
  const found = await paymentOfCharge(charge);
  if (!found) return;
  const status = charge.refunded ? "refunded" : "partially_refunded";
  // Several refunds of one charge: each event re-reads the total refunded, so any order ends the same.
  for (let attempt = 0; attempt < 5; attempt++) {
    const { payment } = attempt === 0 ? found : ((await paymentOfCharge(charge)) ?? found);
    const already = payment.pointsRefunded ?? 0;
    const target = pointsOfAmount(found.points - (payment.pointsDisputed ?? 0), charge.amount_refunded, charge.amount);
    const points = target - already;
    if (points <= 0) {
      if (payment.status !== status) await db.entities.payment.patch(keyOf(payment)).set({ status }).go();
      return;
    }
    const done = await takeBackPoints({
      userId: payment.userId,
      points,
      reason: "refund",
      referenceId: payment.paymentId,
      comment: `Refund of ${(charge.amount_refunded / 100).toFixed(2)} USD: ${points.toLocaleString("en-US")} points taken back`,
      extra: (tx) => [recordItem(tx, payment, { status, pointsRefunded: target })],
    });
    if (done) {
      logger.info("Refund took back points", { paymentId: payment.paymentId, userId: payment.userId, points });
      return;
    }
  }
}

/** The statuses of a decided dispute (`charge.dispute.closed`). */
const CLOSED: Stripe.Dispute.Status[] = ["won", "lost", "prevented", "warning_closed"];

const disputeClaim = (disputeId: string, step: "opened" | "closed") => `stripe:dispute:${disputeId}:${step}`;

async function claimed(value: string) {
  return !!(await db.entities.unique.get({ kind: "idempotency", value }).go()).data;
}

/**
 * The dispute and its charge as Stripe has them now: the event names the
 * dispute, but its amount and status are read back, never taken as sent
 * (a replayed or reordered event cannot win a dispute that is still open).
 */
async function fetchDispute(event: Stripe.Event) {
  const dispute = await stripe().disputes.retrieve((event.data.object as Stripe.Dispute).id);
  const charge = await stripe().charges.retrieve(idOf(dispute.charge)!);
  return { dispute, charge };
}

/** `charge.dispute.created`: takes back the disputed share of the points and flags the account (`openDisputes`). */
export async function onDisputeCreated(event: Stripe.Event) {
  const { dispute, charge } = await fetchDispute(event);
  if (await claimed(disputeClaim(dispute.id, "closed"))) return; // closed before it arrived: nothing to hold
  const found = await paymentOfCharge(charge);
  if (!found) return;
  const { payment } = found;
  const points = Math.max(0, pointsOfAmount(found.points, dispute.amount, charge.amount) - (payment.pointsRefunded ?? 0));
  const taken = await takeBackPoints({
    userId: payment.userId,
    points,
    reason: "dispute",
    referenceId: payment.paymentId,
    comment: `Card dispute of ${(dispute.amount / 100).toFixed(2)} USD: ${points.toLocaleString("en-US")} points held`,
    extra: (tx) => [
      tx.unique.create({ kind: "idempotency", value: disputeClaim(dispute.id, "opened"), ownerId: payment.userId }).commit(),
      recordItem(tx, payment, { status: "disputed", pointsDisputed: points }),
    ],
    openDisputes: 1,
  });
  if (taken) logger.warn("Card dispute opened: points held", { paymentId: payment.paymentId, userId: payment.userId, points });
}

/** `charge.dispute.closed`: a dispute won gives the points back; any close lifts the account's flag for it. */
export async function onDisputeClosed(event: Stripe.Event) {
  const { dispute, charge } = await fetchDispute(event);
  // Still open on Stripe (an event replayed ahead of its time): nothing is decided yet.
  if (!CLOSED.includes(dispute.status)) return;
  const found = await paymentOfCharge(charge);
  if (!found) return;
  const { payment } = found;
  const closeClaim = (tx: TransactionEntities) =>
    tx.unique.create({ kind: "idempotency", value: disputeClaim(dispute.id, "closed"), ownerId: payment.userId }).commit();
  if (!(await claimed(disputeClaim(dispute.id, "opened")))) {
    // Closed before its opening arrived: remember it, so the late opening holds nothing.
    await db.transaction.write((tx) => [closeClaim(tx)]).go();
    return;
  }
  const unflag = (tx: TransactionEntities) => tx.user.patch({ userId: payment.userId }).add({ openDisputes: -1 }).commit();
  const held = payment.pointsDisputed ?? 0;
  if (dispute.status === "won" && held > 0) {
    await restorePoints({
      userId: payment.userId,
      points: held,
      reason: "dispute",
      referenceId: payment.paymentId,
      comment: `Card dispute won: ${held.toLocaleString("en-US")} points given back`,
      extra: (tx) => [closeClaim(tx), recordItem(tx, payment, { status: "paid", pointsDisputed: 0 })],
      openDisputes: -1,
    });
    return;
  }
  const status = dispute.status === "won" ? "paid" : "dispute_lost";
  await db.transaction.write((tx) => [closeClaim(tx), tx.payment.patch(keyOf(payment)).set({ status }).commit(), unflag(tx)]).go();
}
