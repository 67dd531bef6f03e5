/**
 * The step of a charge that waits for the cardholder (3-D Secure), and the
 * listeners told how an intent's payment ends (billing/invoices.ts). Apart
 * from payment-intents.ts and three-d-secure.ts, which both use them.
 */
import type { Context } from "./api";
import type { StripeObject } from "./store";

export type IntentListener = (ctx: Context, intent: StripeObject) => void;
/** What else follows an intent's payment: an invoice's intent pays, fails or waits for its invoice (billing/invoices.ts). */
export const intentListeners = {
  succeeded: [] as IntentListener[],
  failed: [] as IntentListener[],
  actionRequired: [] as IntentListener[],
};

export const CHALLENGE_PATH = "/_stand-in/3ds/";

export function requireAction(ctx: Context, intent: StripeObject, pm: StripeObject, returnUrl: string | null) {
  const { store } = ctx;
  const url = `${store.origin}${CHALLENGE_PATH}${intent.id}?client_secret=${encodeURIComponent(intent.client_secret)}`;
  store.update(intent, {
    status: "requires_action",
    payment_method: pm.id,
    last_payment_error: null,
    next_action: returnUrl
      ? { type: "redirect_to_url", redirect_to_url: { return_url: returnUrl, url } }
      : { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect", stripe_js: url, source: store.newId("src_") } },
    _returnUrl: returnUrl,
  });
  ctx.events.emit("payment_intent.requires_action", intent, { request: ctx.request });
  for (const listener of intentListeners.actionRequired) listener(ctx, intent);
}
