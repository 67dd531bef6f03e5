/**
 * PaymentIntents (create, retrieve, update, confirm, cancel, list) and the
 * Charges their confirmation makes. Confirming works as Stripe.js does it,
 * with the publishable key and the client secret; the card decides the
 * outcome as in test mode.
 */
import { type Context, arrayParam, bool, createdFilter, int, listPage, mergeMetadata, need, render, str } from "./api";
import { type CardOutcome, outcomeOf } from "./cards";
import { newCharge } from "./charges";
import { attachPaymentMethod } from "./customers";
import { intentListeners, requireAction } from "./intent-action";
import { cardError, invalidRequest, StripeApiError, unexpectedState } from "./errors";
import { openDispute } from "./disputes";
import { methodFromData, resolvePaymentMethod } from "./payment-methods";
import { publicCopy, type StripeObject } from "./store";

const SETUP_FUTURE_USAGE = ["on_session", "off_session"];

/** How a charge is attempted: off-session (a renewal, `off_session=true`) and where a 3-D Secure redirect returns. */
export interface ChargeContext {
  offSession?: boolean;
  returnUrl?: string | null;
}

function checkAmount(amount: number, currency: string) {
  if (amount < 50 && currency === "usd") throw invalidRequest("Amount must be at least $0.50 usd", "amount", "amount_too_small");
  if (amount > 99_999_999) throw invalidRequest("Amount must be no more than $999,999.99", "amount", "amount_too_large");
}

export function newPaymentIntent(
  ctx: Context,
  input: {
    amount: number;
    currency: string;
    customer: string | null;
    description?: string | null;
    metadata?: Record<string, string>;
    setupFutureUsage?: string | null;
  },
) {
  const { store } = ctx;
  const id = store.newId("pi_");
  const intent: StripeObject = store.insert({
    id,
    object: "payment_intent",
    allowed_payment_method_types: null,
    amount: input.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic",
    client_secret: `${id}_secret_${store.newId("").slice(0, 24)}`,
    confirmation_method: "automatic",
    created: store.now(),
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    description: input.description ?? null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata ?? {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: "automatic" } },
    payment_method_types: ["card"],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: input.setupFutureUsage ?? null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "requires_payment_method",
    transfer_data: null,
    transfer_group: null,
  });
  ctx.events.emit("payment_intent.created", intent, { request: ctx.request });
  return intent;
}

export function createPaymentIntent(ctx: Context) {
  const { params } = ctx;
  const amount = int(params, "amount", true);
  const currency = str(params, "currency", true).toLowerCase();
  checkAmount(amount, currency);
  const customer = str(params, "customer");
  if (customer) need(ctx, "customer", customer);
  const setupFutureUsage = str(params, "setup_future_usage");
  if (setupFutureUsage && !SETUP_FUTURE_USAGE.includes(setupFutureUsage))
    throw invalidRequest(`Invalid setup_future_usage: must be one of ${SETUP_FUTURE_USAGE.join(", ")}`, "setup_future_usage");
  const types = arrayParam(params, "allowed_payment_method_types").concat(arrayParam(params, "payment_method_types"));
  if (types.some((t) => t !== "card")) throw invalidRequest("The stand-in takes only card payments.", "payment_method_types");
  const intent: StripeObject = newPaymentIntent(ctx, {
    amount,
    currency,
    customer: customer ?? null,
    description: str(params, "description"),
    metadata: mergeMetadata({}, params.metadata),
    setupFutureUsage,
  });
  if (params.allowed_payment_method_types) intent.allowed_payment_method_types = types;
  if (params.automatic_payment_methods?.enabled === "true") intent.automatic_payment_methods = { allow_redirects: "always", enabled: true };
  const pm = str(params, "payment_method");
  if (pm) ctx.store.update(intent, { payment_method: resolvePaymentMethod(ctx, pm).id, status: "requires_confirmation" });
  if (bool(params, "confirm")) confirm(ctx, intent);
  else if (params.off_session !== undefined || params.return_url !== undefined)
    throw invalidRequest(
      "You can only pass off_session and return_url when confirm=true.",
      params.off_session !== undefined ? "off_session" : "return_url",
    );
  return render(ctx, intent);
}

export function retrievePaymentIntent(ctx: Context) {
  const intent = need(ctx, "payment_intent", ctx.path.id);
  if (ctx.key === "publishable") checkClientSecret(ctx, intent);
  return render(ctx, intent);
}

export function updatePaymentIntent(ctx: Context) {
  const { params } = ctx;
  const intent = need(ctx, "payment_intent", ctx.path.id);
  if (["succeeded", "canceled", "processing"].includes(intent.status))
    throw unexpectedState(`This PaymentIntent's status is ${intent.status}, so it can no longer be updated.`);
  const amount = int(params, "amount");
  if (amount !== undefined) checkAmount(amount, intent.currency);
  ctx.store.update(intent, {
    ...(amount !== undefined ? { amount } : {}),
    ...(params.description !== undefined ? { description: str(params, "description") ?? null } : {}),
    ...(params.metadata !== undefined ? { metadata: mergeMetadata(intent.metadata, params.metadata) } : {}),
    ...(params.setup_future_usage !== undefined ? { setup_future_usage: str(params, "setup_future_usage") ?? null } : {}),
  });
  const pm = str(params, "payment_method");
  if (pm) ctx.store.update(intent, { payment_method: resolvePaymentMethod(ctx, pm).id, status: "requires_confirmation" });
  return render(ctx, intent);
}

function checkClientSecret(ctx: Context, intent: StripeObject) {
  const secret = str(ctx.params, "client_secret");
  if (!secret) throw invalidRequest("You must provide a client_secret when using a publishable key.", "client_secret");
  if (secret !== intent.client_secret)
    throw invalidRequest("The client_secret provided does not match the client_secret associated with the PaymentIntent.", "client_secret");
}

/** `POST /v1/payment_intents/:id/confirm`: with the secret key, or as Stripe.js with the publishable key and client secret. */
export function confirmPaymentIntent(ctx: Context) {
  const intent = need(ctx, "payment_intent", ctx.path.id);
  if (ctx.key === "publishable") checkClientSecret(ctx, intent);
  confirm(ctx, intent);
  return render(ctx, intent);
}

function confirm(ctx: Context, intent: StripeObject) {
  const { params } = ctx;
  if (intent.status === "succeeded")
    throw unexpectedState("You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.");
  if (intent.status === "canceled" || intent.status === "processing")
    throw unexpectedState(`You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`);
  const sfu = str(params, "setup_future_usage");
  if (sfu !== undefined) intent.setup_future_usage = sfu;
  let pm: StripeObject;
  try {
    if (str(params, "payment_method")) pm = resolvePaymentMethod(ctx, str(params, "payment_method")!);
    else if (params.payment_method_data) pm = methodFromData(ctx, params.payment_method_data);
    else if (intent.payment_method) pm = need(ctx, "payment_method", intent.payment_method);
    else
      throw unexpectedState(
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the payment, provide a `payment_method`.",
      );
  } catch (error) {
    // A card Stripe refuses outright (wrong number, expiry) is a failed attempt on the intent.
    if (error instanceof StripeApiError && error.body.type === "card_error") failAttempt(ctx, intent, null, null, error);
    throw error;
  }
  if (pm.customer && intent.customer && pm.customer !== intent.customer)
    throw invalidRequest("The provided PaymentMethod belongs to another customer.", "payment_method");
  const offSession = params.off_session === "true" || params.off_session === "one_off" || params.off_session === "recurring";
  chargeIntent(ctx, intent, pm, { offSession, returnUrl: str(params, "return_url") ?? null });
}

/**
 * Charges an intent with a method: success settles it; a decline leaves it
 * `requires_payment_method` and throws Stripe's 402; a card that asks for
 * 3-D Secure leaves it `requires_action` (off-session confirms: declined
 * `authentication_required`, as Stripe does).
 */
export function chargeIntent(ctx: Context, intent: StripeObject, pm: StripeObject, how: ChargeContext = {}) {
  const outcome = outcomeOf(pm._number);
  if (needsAuthentication(outcome, intent, pm, how.offSession === true)) {
    if (how.offSession && !intent._invoice) {
      const error = cardError("authentication_required", "Your card was declined. This transaction requires authentication.", {
        decline_code: "authentication_required",
      });
      failAttempt(ctx, intent, pm, null, error);
      throw error;
    }
    return requireAction(ctx, intent, pm, how.returnUrl ?? null);
  }
  const { decline } = outcome;
  const charge = newCharge(ctx, intent, pm, decline);
  if (decline) {
    const error = cardError(decline.code, decline.message, {
      ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
      charge: charge.id,
    });
    failAttempt(ctx, intent, pm, charge, error);
    throw error;
  }
  ctx.store.update(intent, {
    status: "succeeded",
    amount_received: intent.amount,
    payment_method: pm.id,
    latest_charge: charge.id,
    last_payment_error: null,
    next_action: null,
  });
  if (intent.customer && intent.setup_future_usage && !pm.customer) attachPaymentMethod(ctx, pm.id, intent.customer);
  // Saved by a payment the cardholder authenticated: later off-session charges need no challenge.
  if (intent.setup_future_usage) ctx.store.update(pm, { _setUp: true });
  ctx.events.emit("charge.succeeded", charge, { request: ctx.request });
  ctx.events.emit("payment_intent.succeeded", intent, { request: ctx.request });
  for (const listener of intentListeners.succeeded) listener(ctx, intent);
  if (outcome.dispute) openDispute(ctx, charge);
}

function needsAuthentication(outcome: CardOutcome, intent: StripeObject, pm: StripeObject, offSession: boolean) {
  if (intent._authenticated === pm.id || !outcome.authentication) return false;
  return outcome.authentication === "always" || !(offSession && pm._setUp);
}

export function failAttempt(
  ctx: Context,
  intent: StripeObject,
  pm: StripeObject | null,
  charge: StripeObject | null,
  error: StripeApiError,
) {
  ctx.store.update(intent, {
    status: "requires_payment_method",
    next_action: null,
    payment_method: null,
    latest_charge: charge?.id ?? intent.latest_charge,
    last_payment_error: {
      ...error.body,
      ...(pm ? { payment_method: publicCopy(pm) } : {}),
    },
  });
  if (charge) ctx.events.emit("charge.failed", charge, { request: ctx.request });
  ctx.events.emit("payment_intent.payment_failed", intent, { request: ctx.request });
  for (const listener of intentListeners.failed) listener(ctx, intent);
  Object.assign(error.body, { payment_intent: render(ctx, intent, []), ...(pm ? { payment_method: render(ctx, pm, []) } : {}) });
}

export function cancelPaymentIntent(ctx: Context) {
  const intent = need(ctx, "payment_intent", ctx.path.id);
  if (["succeeded", "canceled"].includes(intent.status))
    throw unexpectedState(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`);
  ctx.store.update(intent, {
    status: "canceled",
    canceled_at: ctx.store.now(),
    cancellation_reason: str(ctx.params, "cancellation_reason") ?? null,
  });
  ctx.events.emit("payment_intent.canceled", intent, { request: ctx.request });
  return render(ctx, intent);
}

export function listPaymentIntents(ctx: Context) {
  const customer = str(ctx.params, "customer");
  const created = createdFilter(ctx.params);
  return listPage(
    ctx,
    ctx.store.all("payment_intent", (pi) => (!customer || pi.customer === customer) && created(pi)),
    "/v1/payment_intents",
  );
}
