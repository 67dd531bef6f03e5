import type { StripeEventHandlers } from "./webhook";

/** Webhook handlers of subscriptions, their schedules and invoices. */
export const subscriptionEventHandlers: StripeEventHandlers = {};
