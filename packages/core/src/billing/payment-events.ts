/**
 * Webhook handlers of one-off payments (points and render purchases;
 * docs/product.md#payments). Each re-fetches the object from Stripe and is
 * idempotent, so duplicates and any order of delivery end in one state.
 * Intents that are not ours (a subscription invoice's) are left alone.
 */
import type Stripe from "stripe";
import { db } from "../dynamo/service";
import { logger } from "../logger";
import { creditSucceededIntent } from "./fulfil";
import { ourIntent, retrieveIntent } from "./intents";
import { stripe } from "./stripe";
import type { StripeEventHandlers } from "./webhook";

async function onIntentSucceeded(event: Stripe.Event) {
  const { id } = event.data.object as Stripe.PaymentIntent;
  const intent = ourIntent(await retrieveIntent(id));
  if (!intent) return;
  // A stale or reordered event: the fresh intent decides. A render intent is
  // credited here too, so the money becomes points even if the browser never
  // calls purchase-render; the shared claim keeps it to one credit.
  if (intent.succeeded) await creditSucceededIntent(intent);
}

async function onIntentFailed(event: Stripe.Event) {
  const { id } = event.data.object as Stripe.PaymentIntent;
  const intent = ourIntent(await retrieveIntent(id));
  if (intent) logger.info("Card payment failed", { paymentIntentId: id, userId: intent.userId, status: intent.status });
}

/** A refund marks the payments record; the points stay (docs/decisions.md#payments). */
async function onChargeRefunded(event: Stripe.Event) {
  const charge = await stripe().charges.retrieve((event.data.object as Stripe.Charge).id);
  const paymentIntentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  if (!paymentIntentId || charge.amount_refunded <= 0) return;
  const { data: links } = await db.entities.paymentProcessorId.query
    .byExternal({ processorName: "stripe", externalId: paymentIntentId })
    .go();
  const link = links.find((l) => l.type === "payment_intent");
  if (!link) return;
  const { data: payments } = await db.entities.payment.query.byId({ paymentId: link.internalId }).go();
  const payment = payments[0];
  if (!payment) return;
  const status = charge.refunded ? "refunded" : "partially_refunded";
  await db.entities.payment
    .patch({ userId: payment.userId, createdAt: payment.createdAt, paymentId: payment.paymentId })
    .set({ status })
    .go();
}

export const paymentEventHandlers: StripeEventHandlers = {
  "payment_intent.succeeded": onIntentSucceeded,
  "payment_intent.payment_failed": onIntentFailed,
  "charge.refunded": onChargeRefunded,
};
