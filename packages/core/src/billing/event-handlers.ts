import type Stripe from "stripe";

/** A handler of one Stripe event type; the webhook (webhook.ts) dispatches to the handlers each event module exports. */
export type StripeEventHandler = (event: Stripe.Event) => Promise<void>;
export type StripeEventHandlers = Partial<Record<Stripe.Event.Type, StripeEventHandler>>;
