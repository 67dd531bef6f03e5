/**
 * PaymentMethods of type card: created from a raw card as Stripe.js does
 * (`card[number]`, `card[exp_month]`, …), or from a `pm_card_*` test token,
 * which like Stripe makes a new method each time it is used.
 */
import { type Context, listPage, mergeMetadata, need, render, str } from "./api";
import { attachPaymentMethod } from "./customers";
import { brandOf, type CardDetails, fingerprintOf, TEST_TOKENS, validateCard } from "./cards";
import { invalidRequest, missingParam, resourceMissing } from "./errors";
import type { StripeObject } from "./store";

/** Stores a new card PaymentMethod; the number itself stays private to the stand-in (it decides the outcome of charges). */
export function newCardMethod(ctx: Context, card: CardDetails, extra: { billing_details?: unknown; metadata?: unknown } = {}) {
  const { store } = ctx;
  const brand = brandOf(card.number);
  const billing = (extra.billing_details ?? {}) as Record<string, unknown>;
  return store.insert({
    id: store.newId("pm_"),
    object: "payment_method",
    allow_redisplay: "unspecified",
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null, ...(billing.address as object) },
      email: (billing.email as string) ?? null,
      name: (billing.name as string) ?? null,
      phone: (billing.phone as string) ?? null,
      tax_id: null,
    },
    card: {
      brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: card.cvc ? "pass" : null },
      country: "US",
      display_brand: brand,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      fingerprint: fingerprintOf(card.number),
      funding: "credit",
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [brand], preferred: null },
      regulated_status: "unregulated",
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: store.now(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: mergeMetadata({}, extra.metadata),
    type: "card",
    _number: card.number,
  });
}

/** A method from a `payment_method` parameter: an existing id or a test token. */
export function resolvePaymentMethod(ctx: Context, value: string, param = "payment_method"): StripeObject {
  const token = TEST_TOKENS[value];
  if (token) {
    const year = new Date(ctx.store.now() * 1000).getUTCFullYear() + 1;
    return newCardMethod(ctx, { number: token, exp_month: 12, exp_year: year, cvc: "123" });
  }
  const pm = ctx.store.find("payment_method", value);
  if (!pm) throw resourceMissing(param, value);
  return pm;
}

/** A method from `payment_method_data` (Stripe.js's confirm with card details). */
export function methodFromData(ctx: Context, data: Record<string, any>): StripeObject {
  if (data.type !== "card") throw invalidRequest("Only card payment methods are supported here.", "payment_method_data[type]");
  if (typeof data.card !== "object" || !data.card) throw missingParam("payment_method_data[card]");
  return newCardMethod(ctx, validateCard(data.card, ctx.store.now()), { billing_details: data.billing_details, metadata: data.metadata });
}

export function createPaymentMethod(ctx: Context) {
  const { params } = ctx;
  const type = str(params, "type", true);
  if (type !== "card") throw invalidRequest(`Invalid payment method type: ${type}. This stand-in supports card.`, "type");
  if (typeof params.card !== "object" || !params.card) throw missingParam("card");
  if (params.card.token) throw invalidRequest("Card tokens are not supported by the stand-in; send the card details.", "card[token]");
  const pm = newCardMethod(ctx, validateCard(params.card, ctx.store.now()), params);
  return render(ctx, pm);
}

export const retrievePaymentMethod = (ctx: Context) => render(ctx, need(ctx, "payment_method", ctx.path.id, "payment_method"));

/** `POST /v1/payment_methods/:id/attach`; a `pm_card_*` token makes a new card, as on Stripe. */
export function attach(ctx: Context) {
  const customer = str(ctx.params, "customer", true);
  need(ctx, "customer", customer, "customer");
  const pm = resolvePaymentMethod(ctx, ctx.path.id);
  return render(ctx, attachPaymentMethod(ctx, pm.id, customer));
}

export function detach(ctx: Context) {
  const pm = need(ctx, "payment_method", ctx.path.id, "payment_method");
  if (!pm.customer) throw invalidRequest("The payment method you provided is not attached to a customer so detachment is impossible.");
  const previous = { customer: pm.customer };
  const customer = ctx.store.find("customer", pm.customer);
  if (customer?.invoice_settings.default_payment_method === pm.id)
    ctx.store.update(customer, { invoice_settings: { ...customer.invoice_settings, default_payment_method: null } });
  ctx.store.update(pm, { customer: null });
  ctx.events.emit("payment_method.detached", pm, { previous, request: ctx.request });
  return render(ctx, pm);
}

/** `GET /v1/payment_methods?customer=…&type=card`. */
export function listPaymentMethods(ctx: Context) {
  const customer = str(ctx.params, "customer");
  const type = str(ctx.params, "type");
  if (customer) need(ctx, "customer", customer);
  const items = ctx.store.all("payment_method", (pm) => (customer ? pm.customer === customer : false) && (!type || pm.type === type));
  return listPage(ctx, items, "/v1/payment_methods");
}
