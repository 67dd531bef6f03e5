/**
 * Card payments in the browser (docs/product.md#payments). With a real
 * publishable key, Stripe.js and its Payment Element do the work. Offline
 * (`GET /api/env` names a `STRIPE_API_URL`, the local Stripe stand-in) our
 * own card form confirms the PaymentIntent the way Stripe.js does: a
 * form-encoded POST to `/v1/payment_intents/{id}/confirm` with the client
 * secret and the publishable key as bearer. This is the one module that calls
 * the payment host directly.
 */
// The pure entry: the main one injects Stripe.js on import, on every page that merely imports this module.
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";

/** The payment settings of `GET /api/env`. */
export interface PaymentEnv {
  STRIPE_PUBLISHABLE_KEY?: string | null;
  /** Set only when the server uses a Stripe-compatible stand-in instead of api.stripe.com. */
  STRIPE_API_URL?: string | null;
}

export type PaymentMode =
  { kind: "stripe"; publishableKey: string } | { kind: "offline"; publishableKey: string; apiUrl: string } | { kind: "unavailable" };

export function paymentMode(env: PaymentEnv | undefined): PaymentMode {
  const publishableKey = env?.STRIPE_PUBLISHABLE_KEY;
  if (!publishableKey) return { kind: "unavailable" };
  if (env?.STRIPE_API_URL) return { kind: "offline", publishableKey, apiUrl: env.STRIPE_API_URL };
  return { kind: "stripe", publishableKey };
}

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for a publishable key, loaded once. */
export function stripeJs(publishableKey: string): Promise<Stripe | null> {
  let pending = loaded.get(publishableKey);
  if (!pending) {
    pending = loadStripe(publishableKey).catch((error: unknown) => {
      loaded.delete(publishableKey);
      throw error;
    });
    loaded.set(publishableKey, pending);
  }
  return pending;
}

/** `pi_123_secret_abc` → `pi_123`. */
export const paymentIntentIdOf = (clientSecret: string) => clientSecret.split("_secret_")[0];

/** A failed confirmation. `declined` is a card problem the buyer can fix; otherwise something else went wrong. */
export class PaymentFailure extends Error {
  constructor(
    message: string,
    readonly declined: boolean,
  ) {
    super(message);
    this.name = "PaymentFailure";
  }
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

interface StripeErrorBody {
  error?: { type?: string; message?: string; code?: string };
}
interface IntentBody {
  id?: string;
  status?: string;
  last_payment_error?: { type?: string; message?: string } | null;
}

/**
 * Confirms a PaymentIntent against the offline stand-in with a card (or a
 * test payment method id such as `pm_card_visa`). Resolves with the intent id
 * once it succeeded; rejects with a `PaymentFailure` otherwise.
 */
export async function confirmOffline(options: {
  apiUrl: string;
  publishableKey: string;
  clientSecret: string;
  card: CardInput | string;
}): Promise<string> {
  const { apiUrl, publishableKey, clientSecret, card } = options;
  const form = new URLSearchParams({ client_secret: clientSecret });
  if (typeof card === "string") form.set("payment_method", card);
  else {
    form.set("payment_method_data[type]", "card");
    form.set("payment_method_data[card][number]", card.number.replace(/\D/g, ""));
    form.set("payment_method_data[card][exp_month]", String(card.expMonth));
    form.set("payment_method_data[card][exp_year]", String(card.expYear));
    form.set("payment_method_data[card][cvc]", card.cvc);
  }
  const url = `${apiUrl.replace(/\/$/, "")}/v1/payment_intents/${encodeURIComponent(paymentIntentIdOf(clientSecret))}/confirm`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${publishableKey}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
  } catch {
    throw new PaymentFailure("We could not reach the payment service. Check your connection and try again.", false);
  }
  const body = (await response.json().catch(() => ({}))) as StripeErrorBody & IntentBody;
  if (!response.ok) {
    const declined = body.error?.type === "card_error";
    throw new PaymentFailure(body.error?.message || `The payment service answered ${response.status}.`, declined);
  }
  if (body.status === "succeeded" || body.status === "processing") return body.id ?? paymentIntentIdOf(clientSecret);
  if (body.last_payment_error?.message)
    throw new PaymentFailure(body.last_payment_error.message, body.last_payment_error.type === "card_error");
  throw new PaymentFailure("The payment could not be completed. Please try another card.", false);
}
