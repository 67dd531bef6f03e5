/**
 * 3-D Secure as Stripe test mode models it: a card that asks for it leaves
 * the PaymentIntent `requires_action` with a `next_action` (`redirect_to_url`
 * when the confirm gave a `return_url`, else `use_stripe_sdk` for Stripe.js),
 * and the stand-in serves the issuer's challenge page at that URL. Its
 * Complete button charges the card (`payment_intent.succeeded`, …), Fail
 * leaves the intent `requires_payment_method` (`payment_intent.payment_failed`).
 */
import { type Context, parseForm } from "./api";
import { StripeApiError, unexpectedState } from "./errors";
import { CHALLENGE_PATH } from "./intent-action";
import { chargeIntent, failAttempt } from "./payment-intents";
import type { StripeObject } from "./store";

/** The cardholder's answer to the challenge. A card declined after authentication fails as any decline does. */
export function completeChallenge(ctx: Context, intent: StripeObject, outcome: "complete" | "fail") {
  if (intent.status !== "requires_action")
    throw unexpectedState(`This PaymentIntent's status is ${intent.status}; there is no authentication to complete.`);
  const pm = ctx.store.get(intent.payment_method)!;
  if (outcome === "fail") {
    const error = new StripeApiError(402, {
      type: "invalid_request_error",
      code: "payment_intent_authentication_failure",
      message: "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
    });
    failAttempt(ctx, intent, pm, null, error);
    return;
  }
  ctx.store.update(intent, { _authenticated: pm.id, next_action: null });
  try {
    chargeIntent(ctx, intent, pm, {});
  } catch (error) {
    if (!(error instanceof StripeApiError && error.body.type === "card_error")) throw error;
  }
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function challengePage(intent: StripeObject, clientSecret: string): string {
  const amount = `${(intent.amount / 100).toFixed(2)} ${String(intent.currency).toUpperCase()}`;
  const action = `${CHALLENGE_PATH}${intent.id}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Confirm your payment (3-D Secure test page)</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
button{font-size:1rem;padding:.6rem 1.2rem;margin-right:.75rem;border-radius:.4rem;border:2px solid #1a1a1a;cursor:pointer}
button:focus-visible{outline:3px solid #0b5fff;outline-offset:2px}.complete{background:#0a6b2d;color:#fff;border-color:#0a6b2d}
.fail{background:#fff;color:#9b1c1c;border-color:#9b1c1c}</style></head>
<body><main>
<h1>Confirm your payment</h1>
<p>Your bank asks you to confirm a payment of <strong>${escape(amount)}</strong>${intent.description ? ` for ${escape(intent.description)}` : ""}.</p>
<p>This is the Stripe stand-in's 3-D Secure test page: choose how the authentication ends.</p>
<form method="post" action="${escape(action)}">
<input type="hidden" name="client_secret" value="${escape(clientSecret)}">
<button type="submit" name="outcome" value="complete" class="complete">Complete authentication</button>
<button type="submit" name="outcome" value="fail" class="fail">Fail authentication</button>
</form>
</main></body></html>`;
}

export function resultPage(intent: StripeObject): string {
  const ok = intent.status === "succeeded";
  const message = ok ? "Authentication complete. You can close this window." : "Authentication failed. You can close this window.";
  const result = JSON.stringify({ type: "stripe-stand-in-3ds-result", payment_intent: intent.id, status: intent.status });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${ok ? "Payment confirmed" : "Payment not confirmed"}</title></head>
<body><main><h1 role="status">${message}</h1></main>
<script>try{(window.opener||window.parent).postMessage(${result},"*")}catch(e){}</script></body></html>`;
}

/** `GET /_stand-in/3ds/:pi?client_secret=…` shows the page; its form `POST`s `client_secret` and `outcome` back. */
export function challengeRequest(ctx: Context, method: string, url: URL, raw: string): { status: number; html: string; location?: string } {
  const form = method === "POST" ? parseForm(raw) : {};
  const secret = String(form.client_secret ?? url.searchParams.get("client_secret") ?? "");
  const intent = ctx.store.find("payment_intent", decodeURIComponent(url.pathname.slice(CHALLENGE_PATH.length)));
  if (!intent || intent.client_secret !== secret) return { status: 404, html: resultHtml("This authentication link is not valid.") };
  if (method === "GET") {
    if (intent.status !== "requires_action") return { status: 200, html: resultPage(intent) };
    return { status: 200, html: challengePage(intent, secret) };
  }
  if (method !== "POST") return { status: 405, html: resultHtml("Use the buttons of the page.") };
  const outcome = form.outcome === "complete" ? "complete" : form.outcome === "fail" ? "fail" : null;
  if (!outcome) return { status: 400, html: resultHtml("Choose Complete or Fail.") };
  if (intent.status === "requires_action") completeChallenge(ctx, intent, outcome);
  const returnUrl = intent._returnUrl as string | null;
  if (returnUrl) {
    const back = new URL(returnUrl);
    back.searchParams.set("payment_intent", intent.id);
    back.searchParams.set("payment_intent_client_secret", intent.client_secret);
    back.searchParams.set("redirect_status", intent.status === "succeeded" ? "succeeded" : "failed");
    return { status: 303, html: "", location: back.toString() };
  }
  return { status: 200, html: resultPage(intent) };
}

const resultHtml = (message: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3-D Secure</title></head><body><main><h1>${escape(message)}</h1></main></body></html>`;
