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
  next_action?: {
    type?: string;
    use_stripe_sdk?: { stripe_js?: string };
    redirect_to_url?: { url?: string };
  } | null;
}

/** The outcome of a confirm: paid, or the bank asks the buyer to authenticate at `url` (3-D Secure) first. */
export type OfflineConfirmation = { kind: "succeeded"; id: string } | { kind: "authenticate"; id: string; url: string };

interface OfflineCall {
  apiUrl: string;
  publishableKey: string;
  clientSecret: string;
}

const intentUrl = ({ apiUrl, clientSecret }: OfflineCall, suffix = "") =>
  `${apiUrl.replace(/\/$/, "")}/v1/payment_intents/${encodeURIComponent(paymentIntentIdOf(clientSecret))}${suffix}`;

async function callStandIn(call: OfflineCall, url: string, init: RequestInit): Promise<StripeErrorBody & IntentBody> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { Authorization: `Bearer ${call.publishableKey}`, ...init.headers } });
  } catch {
    throw new PaymentFailure("We could not reach the payment service. Check your connection and try again.", false);
  }
  const body = (await response.json().catch(() => ({}))) as StripeErrorBody & IntentBody;
  if (!response.ok) {
    const declined = body.error?.type === "card_error" || body.error?.code === "payment_intent_authentication_failure";
    throw new PaymentFailure(body.error?.message || `The payment service answered ${response.status}.`, declined);
  }
  return body;
}

/** What an intent's state means for the buyer: paid, authenticate first, or why it failed. */
function outcomeOf(body: IntentBody, clientSecret: string): OfflineConfirmation {
  const id = body.id ?? paymentIntentIdOf(clientSecret);
  if (body.status === "succeeded" || body.status === "processing") return { kind: "succeeded", id };
  const url = body.next_action?.use_stripe_sdk?.stripe_js ?? body.next_action?.redirect_to_url?.url;
  if (body.status === "requires_action" && url) return { kind: "authenticate", id, url };
  if (body.last_payment_error?.message)
    throw new PaymentFailure(body.last_payment_error.message, body.last_payment_error.type === "card_error");
  throw new PaymentFailure("The payment could not be completed. Please try another card.", false);
}

/**
 * Confirms a PaymentIntent against the offline stand-in with a card (or a
 * test payment method id such as `pm_card_visa`), as Stripe.js does. Resolves
 * when it succeeded, or with the bank's authentication page when the card
 * asks for 3-D Secure (then `authenticationOutcome` once the buyer is done);
 * rejects with a `PaymentFailure` otherwise.
 */
export async function confirmOffline(options: OfflineCall & { card: CardInput | string }): Promise<OfflineConfirmation> {
  const { clientSecret, card } = options;
  const form = new URLSearchParams({ client_secret: clientSecret });
  if (typeof card === "string") form.set("payment_method", card);
  else {
    form.set("payment_method_data[type]", "card");
    form.set("payment_method_data[card][number]", card.number.replace(/\D/g, ""));
    form.set("payment_method_data[card][exp_month]", String(card.expMonth));
    form.set("payment_method_data[card][exp_year]", String(card.expYear));
    form.set("payment_method_data[card][cvc]", card.cvc);
  }
  const body = await callStandIn(options, intentUrl(options, "/confirm"), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  return outcomeOf(body, clientSecret);
}

/** After the bank's page: the intent as it stands now (Stripe.js retrieves it the same way). */
export async function authenticationOutcome(options: OfflineCall): Promise<string> {
  const body = await callStandIn(options, `${intentUrl(options)}?client_secret=${encodeURIComponent(options.clientSecret)}`, {
    method: "GET",
  });
  if (body.status === "requires_payment_method" || body.status === "requires_action")
    throw new PaymentFailure(
      body.last_payment_error?.message ||
        "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
      true,
    );
  const outcome = outcomeOf(body, options.clientSecret);
  if (outcome.kind !== "succeeded") throw new PaymentFailure("The payment could not be completed. Please try another card.", false);
  return outcome.id;
}

/** The message the stand-in's authentication page posts to the page that shows it. */
export function isAuthenticationResult(data: unknown, paymentIntentId: string): boolean {
  const message = data as { type?: unknown; payment_intent?: unknown } | null;
  return message?.type === "stripe-stand-in-3ds-result" && message.payment_intent === paymentIntentId;
}

/**
 * A payment started elsewhere (a renewal charged off-session) that waits for
 * the bank: reads the intent back with its client secret, as Stripe.js does,
 * and answers paid, or the bank's page to open (3-D Secure).
 */
export async function pendingConfirmation(options: OfflineCall): Promise<OfflineConfirmation> {
  const body = await callStandIn(options, `${intentUrl(options)}?client_secret=${encodeURIComponent(options.clientSecret)}`, {
    method: "GET",
  });
  return outcomeOf(body, options.clientSecret);
}

/** The same with Stripe.js: `handleNextAction` shows the bank's challenge; resolves with the intent id once paid. */
export async function authenticateWithStripeJs(publishableKey: string, clientSecret: string): Promise<string> {
  const stripe = await stripeJs(publishableKey);
  if (!stripe) throw new PaymentFailure("We could not reach the payment service. Check your connection and try again.", false);
  const { error, paymentIntent } = await stripe.handleNextAction({ clientSecret });
  if (error) throw new PaymentFailure(error.message ?? "Your bank did not confirm the payment.", error.type === "card_error");
  if (paymentIntent?.status === "succeeded" || paymentIntent?.status === "processing") return paymentIntent.id;
  throw new PaymentFailure(
    "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
    true,
  );
}
