/**
 * Webhook handlers of one-off payments (points and render purchases;
 * docs/product.md#payments). Each re-fetches the object from Stripe and is
 * idempotent, so duplicates and any order of delivery end in one state.
 * Intents that are not ours (a subscription invoice's) are left alone.
 */
import type Stripe from "stripe";
import { logger } from "../logger";
import { onChargeRefunded, onDisputeClosed, onDisputeCreated } from "./clawback";
import { creditSucceededIntent } from "./fulfil";
import { ourIntent, retrieveIntent } from "./intents";
import type { StripeEventHandlers } from "./event-handlers";

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

export const paymentEventHandlers: StripeEventHandlers = {
  "payment_intent.succeeded": onIntentSucceeded,
  "payment_intent.payment_failed": onIntentFailed,
  "charge.refunded": onChargeRefunded,
  "charge.dispute.created": onDisputeCreated,
  "charge.dispute.closed": onDisputeClosed,
};
