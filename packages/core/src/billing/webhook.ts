/**
 * `POST /api/stripe/webhook`: verifies the signature on the raw body, then
 * hands the event to the handler registered for its type. Handlers re-fetch
 * the object from Stripe instead of trusting the payload, and credit through
 * idempotency items, so duplicates and any order of delivery end in one state.
 * Types nobody handles are acknowledged with a 200.
 */
import type Stripe from "stripe";
import { AppError } from "../error";
import { logger } from "../logger";
import type { StripeEventHandlers } from "./event-handlers";
import { paymentEventHandlers } from "./payment-events";
import { stripe, webhookSecret } from "./stripe";
import { subscriptionEventHandlers } from "./subscription-events";

const handlers: StripeEventHandlers = { ...paymentEventHandlers, ...subscriptionEventHandlers };

export async function receiveStripeEvent(rawBody: string, signature: string | undefined): Promise<{ received: true }> {
  if (!signature) throw AppError.badRequest("The Stripe-Signature header is missing.");
  let event: Stripe.Event;
  try {
    event = await stripe().webhooks.constructEventAsync(rawBody, signature, webhookSecret());
  } catch {
    throw AppError.badRequest("The webhook signature does not match.");
  }
  const handle = handlers[event.type];
  if (handle) {
    logger.info("Stripe event", { eventId: event.id, type: event.type });
    await handle(event);
  }
  return { received: true };
}
