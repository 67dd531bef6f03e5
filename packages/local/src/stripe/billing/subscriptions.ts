/**
 * Subscriptions: create (incomplete until the first invoice is paid, with
 * `payment_behavior=default_incomplete`), retrieve, list, update (price
 * changes with prorations, `cancel_at_period_end`, metadata), cancel. What
 * happens at a period's end is renewals.ts.
 */
import { type Context, arrayParam, bool, int, listPage, mergeMetadata, need, render, str } from "../api";
import { outcomeOf } from "../cards";
import { cardError, invalidRequest, missingParam } from "../errors";
import type { StripeObject } from "../store";
import { setItemPrice } from "./catalog";
import { attemptPayment, createInvoice, invoiceListeners, MAX_ATTEMPTS } from "./invoices";
import { periodLine, planChange, type PriceChange } from "./proration";
import { addInterval, timeOf } from "./time";

const ENDED = ["canceled", "incomplete_expired"];

function recurringPrice(ctx: Context, id: string, param: string) {
  const price = need(ctx, "price", id, "price");
  if (!price.recurring)
    throw invalidRequest(
      `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
      param,
    );
  return price;
}

export function createSubscription(ctx: Context) {
  const { params, store } = ctx;
  const customer = need(ctx, "customer", str(params, "customer", true));
  const items = arrayParam(params, "items");
  if (items.length === 0) throw missingParam("items");
  const at = timeOf(store, customer.id);
  const behavior = str(params, "payment_behavior") ?? "allow_incomplete";
  const defaultPm = str(params, "default_payment_method");
  const id = store.newId("sub_");
  const subItems = items.map((input: Record<string, string>, i: number) => {
    const price = recurringPrice(ctx, input.price, `items[${i}][price]`);
    const item: StripeObject = {
      id: store.newId("si_"),
      object: "subscription_item",
      billing_thresholds: null,
      created: at,
      current_period_start: at,
      current_period_end: addInterval(at, price.recurring.interval, price.recurring.interval_count),
      current_trial: null,
      discounts: [],
      metadata: mergeMetadata({}, input.metadata),
      subscription: id,
      tax_rates: [],
    };
    setItemPrice(item, price, Number(input.quantity ?? 1));
    return item;
  });
  const total = subItems.reduce((sum: number, i: StripeObject) => sum + i.price.unit_amount * i.quantity, 0);
  if (behavior === "error_if_incomplete") refuseIfDeclined(ctx, customer, defaultPm ?? null, total);
  const sub: StripeObject = store.insert({
    id,
    object: "subscription",
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: at,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: "classic" },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: bool(params, "cancel_at_period_end") ?? false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: "charge_automatically",
    created: at,
    currency: subItems[0].price.currency,
    customer: customer.id,
    customer_account: null,
    days_until_due: null,
    default_payment_method: defaultPm ?? null,
    default_source: null,
    description: str(params, "description") ?? null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: "self" } },
    items: {
      object: "list",
      data: subItems,
      has_more: false,
      total_count: subItems.length,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: mergeMetadata({}, params.metadata),
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: arrayParam(params.payment_settings ?? {}, "payment_method_types"),
      save_default_payment_method: params.payment_settings?.save_default_payment_method ?? "off",
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: at,
    status: "incomplete",
    test_clock: customer.test_clock ?? null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: "create_invoice" } },
    trial_start: null,
    _pendingLines: [],
  });
  const lines = subItems.map((i: StripeObject) =>
    periodLine(ctx, sub.id, i.id, i.price, i.quantity, { start: i.current_period_start, end: i.current_period_end }),
  );
  const invoice = createInvoice(ctx, { customer, subscription: sub, lines, billingReason: "subscription_create", at });
  sub.latest_invoice = invoice.id;
  ctx.events.emit("customer.subscription.created", sub, { request: ctx.request });
  if (invoice.status === "paid") activate(ctx, sub, invoice);
  else if (behavior !== "default_incomplete") attemptPayment(ctx, invoice, defaultPm);
  return render(ctx, sub);
}

/** Stripe refuses the whole call (402, nothing changed) when the payment it needs would fail. */
function refuseIfDeclined(ctx: Context, customer: StripeObject, pmId: string | null, amount: number, sub?: StripeObject) {
  if (amount <= 0) return;
  const id = pmId ?? sub?.default_payment_method ?? customer.invoice_settings.default_payment_method;
  const pm = id ? ctx.store.get(id) : undefined;
  if (!pm) throw invalidRequest("This customer has no attached payment source or default payment method.", undefined, "resource_missing");
  const { decline, authentication } = outcomeOf(pm._number);
  // A payment that would wait for 3-D Secure is refused too (Stripe: "if a payment method requires 3DS authentication").
  if (authentication === "always" || (authentication === "unless_set_up" && !pm._setUp))
    throw cardError("authentication_required", "Your card was declined. This transaction requires authentication.", {
      decline_code: "authentication_required",
    });
  if (decline) throw cardError(decline.code, decline.message, decline.declineCode ? { decline_code: decline.declineCode } : {});
}

function emitUpdated(ctx: Context, sub: StripeObject, before: StripeObject) {
  const previous: Record<string, unknown> = {};
  for (const key of Object.keys(sub)) {
    if (!key.startsWith("_") && JSON.stringify(before[key]) !== JSON.stringify(sub[key])) previous[key] = before[key] ?? null;
  }
  if (Object.keys(previous).length) ctx.events.emit("customer.subscription.updated", sub, { previous, request: ctx.request });
}

/** The first invoice is paid: the subscription starts, and its card becomes the default if asked. */
function activate(ctx: Context, sub: StripeObject, invoice: StripeObject) {
  const before = structuredClone(sub);
  if (["incomplete", "past_due", "unpaid"].includes(sub.status)) sub.status = "active";
  const intent = invoice._paymentIntent ? ctx.store.get(invoice._paymentIntent) : undefined;
  if (sub.payment_settings?.save_default_payment_method === "on_subscription" && intent?.payment_method)
    sub.default_payment_method = intent.payment_method;
  ctx.store.changed();
  emitUpdated(ctx, sub, before);
}

invoiceListeners.paid.push((ctx, invoice) => {
  const sub = invoice.parent?.subscription_details ? ctx.store.get(invoice.parent.subscription_details.subscription) : undefined;
  if (sub && !ENDED.includes(sub.status)) activate(ctx, sub, invoice);
});

/** A renewal waiting for 3-D Secure makes the subscription past_due until it is paid; a first invoice leaves it incomplete. */
invoiceListeners.actionRequired.push((ctx, invoice) => {
  const sub = invoice.parent?.subscription_details ? ctx.store.get(invoice.parent.subscription_details.subscription) : undefined;
  if (!sub || invoice.billing_reason === "subscription_create" || ENDED.includes(sub.status) || sub.status === "past_due") return;
  const before = structuredClone(sub);
  sub.status = "past_due";
  emitUpdated(ctx, sub, before);
});

invoiceListeners.failed.push((ctx, invoice) => {
  const sub = invoice.parent?.subscription_details ? ctx.store.get(invoice.parent.subscription_details.subscription) : undefined;
  if (!sub || invoice.billing_reason === "subscription_create" || ENDED.includes(sub.status)) return;
  if (invoice.attempt_count >= MAX_ATTEMPTS) return endSubscription(ctx, sub, "payment_failed");
  const before = structuredClone(sub);
  sub.status = "past_due";
  emitUpdated(ctx, sub, before);
});

/** Ends a subscription now: status canceled, open invoices voided, a schedule canceled with it. */
export function endSubscription(ctx: Context, sub: StripeObject, reason: string, status = "canceled") {
  const at = timeOf(ctx.store, sub.customer);
  for (const invoice of ctx.store.all("invoice", (i) => i.parent?.subscription_details?.subscription === sub.id && i.status === "open")) {
    ctx.store.update(invoice, {
      status: "void",
      amount_remaining: 0,
      next_payment_attempt: null,
      status_transitions: { ...invoice.status_transitions, voided_at: at },
    });
    const intent = ctx.store.get(invoice._paymentIntent);
    if (intent && intent.status !== "succeeded")
      ctx.store.update(intent, { status: "canceled", canceled_at: at, cancellation_reason: "void_invoice" });
    ctx.events.emit("invoice.voided", invoice);
  }
  const schedule = sub.schedule ? ctx.store.get(sub.schedule) : undefined;
  if (schedule && schedule.status === "active") {
    ctx.store.update(schedule, { status: "canceled", canceled_at: at, current_phase: null });
    ctx.events.emit("subscription_schedule.canceled", schedule);
  }
  ctx.store.update(sub, {
    status,
    canceled_at: sub.canceled_at ?? at,
    ended_at: at,
    cancellation_details: { ...sub.cancellation_details, reason },
  });
  ctx.events.emit("customer.subscription.deleted", sub, { request: ctx.request });
}

export const retrieveSubscription = (ctx: Context) => render(ctx, need(ctx, "subscription", ctx.path.id));

export function listSubscriptions(ctx: Context) {
  const customer = str(ctx.params, "customer");
  const status = str(ctx.params, "status");
  const price = str(ctx.params, "price");
  const clock = str(ctx.params, "test_clock");
  const items = ctx.store.all(
    "subscription",
    (s) =>
      (!customer || s.customer === customer) &&
      (status === "all" || (status ? s.status === status : s.status !== "canceled")) &&
      (!price || s.items.data.some((i: StripeObject) => i.price.id === price)) &&
      (!clock || s.test_clock === clock),
  );
  return listPage(ctx, items, "/v1/subscriptions");
}

/** The price change an update or a preview asks for, or null. */
export function requestedChange(ctx: Context, sub: StripeObject, items: any[]): PriceChange | null {
  const input = items[0];
  if (!input) return null;
  const item = input.id ? sub.items.data.find((i: StripeObject) => i.id === input.id) : sub.items.data[0];
  if (!item) throw invalidRequest(`No such subscription item: '${input.id}'`, "items[0][id]", "resource_missing");
  const price = input.price ? recurringPrice(ctx, input.price, "items[0][price]") : item.price;
  const quantity = input.quantity !== undefined ? Number(input.quantity) : item.quantity;
  if (price.id === item.price.id && quantity === item.quantity) return null;
  return { itemId: item.id, price, quantity };
}

export function updateSubscription(ctx: Context) {
  const { params, store } = ctx;
  const sub = need(ctx, "subscription", ctx.path.id);
  if (ENDED.includes(sub.status)) throw invalidRequest("A canceled subscription can only update its cancellation_details and metadata.");
  const before = structuredClone(sub);
  const customer = store.get(sub.customer)!;
  const change = requestedChange(ctx, sub, arrayParam(params, "items"));
  const behavior = str(params, "proration_behavior") ?? "create_prorations";
  const at = int(params, "proration_date") ?? timeOf(store, sub.customer);
  const anchorNow = str(params, "billing_cycle_anchor") === "now";
  const paymentBehavior = str(params, "payment_behavior") ?? "allow_incomplete";
  const defaultPm = str(params, "default_payment_method");
  const plan = change ? planChange(ctx, sub, change, at, behavior, anchorNow) : null;
  const invoiceNow = plan && (behavior === "always_invoice" || plan.restarts);
  const amount = plan ? plan.lines.reduce((s, l) => s + l.amount, 0) + (customer.balance ?? 0) : 0;
  if (invoiceNow && paymentBehavior === "error_if_incomplete") refuseIfDeclined(ctx, customer, defaultPm ?? null, amount, sub);

  if (defaultPm !== undefined) sub.default_payment_method = defaultPm || null;
  if (params.metadata !== undefined) sub.metadata = mergeMetadata(sub.metadata, params.metadata);
  const cancelAtEnd = bool(params, "cancel_at_period_end");
  if (cancelAtEnd !== undefined) {
    sub.cancel_at_period_end = cancelAtEnd;
    sub.cancel_at = cancelAtEnd ? sub.items.data[0].current_period_end : null;
    sub.canceled_at = cancelAtEnd ? timeOf(store, sub.customer) : null;
    sub.cancellation_details = {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: cancelAtEnd ? "cancellation_requested" : null,
    };
  }
  if (change && plan) {
    const item = sub.items.data.find((i: StripeObject) => i.id === change.itemId);
    setItemPrice(item, change.price, change.quantity);
    if (plan.newPeriod) {
      Object.assign(item, { current_period_start: plan.newPeriod.start, current_period_end: plan.newPeriod.end });
      sub.billing_cycle_anchor = plan.newPeriod.start;
      if (sub.cancel_at_period_end) sub.cancel_at = plan.newPeriod.end;
    }
    if (!invoiceNow) sub._pendingLines.push(...plan.lines);
  }
  store.changed();
  emitUpdated(ctx, sub, before);
  if (invoiceNow && plan) {
    const invoice = createInvoice(ctx, {
      customer,
      subscription: sub,
      lines: [...sub._pendingLines.splice(0), ...plan.lines],
      billingReason: "subscription_update",
      at,
    });
    const beforeInvoice = structuredClone(sub);
    sub.latest_invoice = invoice.id;
    emitUpdated(ctx, sub, beforeInvoice);
    if (invoice.status === "open") attemptPayment(ctx, invoice, defaultPm);
  }
  return render(ctx, sub);
}

/** `DELETE /v1/subscriptions/:id`: ends it now. */
export function cancelSubscription(ctx: Context) {
  const sub = need(ctx, "subscription", ctx.path.id);
  if (ENDED.includes(sub.status)) throw invalidRequest(`This subscription is already ${sub.status}.`, undefined, "resource_missing");
  endSubscription(ctx, sub, "cancellation_requested");
  return render(ctx, sub);
}
