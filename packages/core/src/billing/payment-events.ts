import type { StripeEventHandlers } from "./webhook";

/** Webhook handlers of one-off payments (points and render purchases). */
export const paymentEventHandlers: StripeEventHandlers = {};
