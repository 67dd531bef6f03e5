/**
 * Invoices of subscriptions: lines (with prorations), finalization with a
 * PaymentIntent the browser confirms through `confirmation_secret` or the
 * server charges to the default card, InvoicePayments, and the events of
 * paying and failing. What a paid or failed invoice does to its subscription
 * is subscriptions.ts's business (`invoiceListeners`).
 */
import { type Context, includables } from "../api";
import { StripeApiError } from "../errors";
import { intentListeners } from "../intent-action";
import { chargeIntent, newPaymentIntent } from "../payment-intents";
import { resolvePaymentMethod } from "../payment-methods";
import { publicCopy, type StripeObject, type StripeStore } from "../store";
import { hostedInvoiceUrl } from "./hosted-invoice";
import { timeOf } from "./time";

export interface LineInput {
  price: StripeObject;
  quantity: number;
  amount: number;
  description: string;
  period: { start: number; end: number };
  subscription: string | null;
  subscriptionItem: string | null;
  proration: boolean;
}

type InvoiceListener = (ctx: Context, invoice: StripeObject) => void;
export const invoiceListeners = { paid: [] as InvoiceListener[], failed: [] as InvoiceListener[], actionRequired: [] as InvoiceListener[] };

/** Days between automatic retries of a failed renewal, and how many attempts in all before Stripe gives up. */
const RETRY_DAYS = 3;
export const MAX_ATTEMPTS = 4;

export function line(store: StripeStore, input: LineInput) {
  return {
    id: store.newId("il_"),
    object: "line_item",
    amount: input.amount,
    currency: input.price.currency,
    description: input.description,
    discount_amounts: [],
    discountable: !input.proration,
    discounts: [],
    invoice: null as string | null,
    livemode: false,
    metadata: {},
    parent: input.subscription
      ? {
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: input.proration,
            proration_details: { credited_items: null },
            subscription: input.subscription,
            subscription_item: input.subscriptionItem,
          },
          type: "subscription_item_details",
        }
      : null,
    period: input.period,
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: input.price.id, product: input.price.product },
      type: "price_details",
      unit_amount_decimal: String(input.price.unit_amount),
    },
    quantity: input.quantity,
    quantity_decimal: String(input.quantity),
    subscription: input.subscription,
    subtotal: input.amount,
    taxes: [],
  };
}

/** An invoice object (not stored): what `create_preview` answers and what `createInvoice` stores. */
export function invoiceObject(
  ctx: Context,
  input: {
    id: string;
    customer: StripeObject;
    subscription: StripeObject | null;
    lines: ReturnType<typeof line>[];
    billingReason: string;
    at: number;
  },
) {
  const { customer, subscription, lines, at } = input;
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  const startingBalance = customer.balance ?? 0;
  const total = subtotal;
  const amountDue = Math.max(0, total + startingBalance);
  const periods = lines.filter((l) => !l.parent?.subscription_item_details.proration).map((l) => l.period);
  for (const l of lines) l.invoice = input.id;
  return {
    id: input.id,
    object: "invoice",
    account_country: "US",
    account_name: "Storyboard",
    account_tax_ids: null,
    amount_due: amountDue,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amountDue,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.billingReason,
    collection_method: "charge_automatically",
    created: at,
    currency: lines[0]?.currency ?? "usd",
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: customer.address ?? null,
    customer_email: customer.email,
    customer_name: customer.name,
    customer_phone: customer.phone ?? null,
    customer_shipping: customer.shipping ?? null,
    customer_tax_exempt: customer.tax_exempt ?? "none",
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: "self" },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: "list", data: lines, has_more: false, url: `/v1/invoices/${input.id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: subscription
      ? {
          quote_details: null,
          subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
          type: "subscription_details",
        }
      : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: ["card"] },
    period_end: periods.length ? Math.max(...periods.map((p) => p.end)) : at,
    period_start: periods.length ? Math.min(...periods.map((p) => p.start)) : at,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: startingBalance,
    statement_descriptor: null,
    status: "draft",
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal,
    subtotal_excluding_tax: subtotal,
    test_clock: customer.test_clock ?? null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}

const DESCRIPTIONS: Record<string, string> = {
  subscription_create: "Subscription creation",
  subscription_update: "Subscription update",
  subscription_cycle: "Subscription cycle",
};

/** Creates and finalizes an invoice; a positive amount gets a PaymentIntent. Nothing is charged here. */
export function createInvoice(ctx: Context, input: Omit<Parameters<typeof invoiceObject>[1], "id">) {
  const { store } = ctx;
  const invoice = store.insert(invoiceObject(ctx, { ...input, id: store.newId("in_") }) as StripeObject);
  const { customer } = input;
  ctx.events.emit("invoice.created", invoice, { request: ctx.request });
  const sequence = customer.next_invoice_sequence ?? 1;
  store.update(customer, { next_invoice_sequence: sequence + 1, balance: Math.min(0, invoice.starting_balance + invoice.total) });
  store.update(invoice, {
    status: "open",
    number: `${customer.invoice_prefix}-${String(sequence).padStart(4, "0")}`,
    effective_at: input.at,
    hosted_invoice_url: hostedInvoiceUrl(store, invoice),
    ending_balance: Math.min(0, invoice.starting_balance + invoice.total),
    status_transitions: { ...invoice.status_transitions, finalized_at: input.at },
  });
  if (invoice.amount_due > 0) {
    const intent = newPaymentIntent(ctx, {
      amount: invoice.amount_due,
      currency: invoice.currency,
      customer: customer.id,
      description: DESCRIPTIONS[invoice.billing_reason] ?? "Invoice payment",
      // The card that pays an invoice stays on the customer for the next ones.
      setupFutureUsage: "off_session",
    });
    intent._invoice = invoice.id;
    invoice._paymentIntent = intent.id;
    store.insert({
      id: store.newId("inpay_"),
      object: "invoice_payment",
      amount_paid: null,
      amount_requested: invoice.amount_due,
      created: input.at,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { payment_intent: intent.id, type: "payment_intent" },
      status: "open",
      status_transitions: { canceled_at: null, paid_at: null },
    });
  }
  ctx.events.emit("invoice.finalized", invoice, { request: ctx.request });
  if (invoice.amount_due === 0) markPaid(ctx, invoice);
  return invoice;
}

function markPaid(ctx: Context, invoice: StripeObject) {
  const at = timeOf(ctx.store, invoice.customer);
  ctx.store.update(invoice, {
    status: "paid",
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    attempted: true,
    attempt_count: invoice.amount_due > 0 ? invoice.attempt_count + 1 : invoice.attempt_count,
    next_payment_attempt: null,
    status_transitions: { ...invoice.status_transitions, paid_at: at },
  });
  const payment = ctx.store.all("invoice_payment", (p) => p.invoice === invoice.id)[0];
  if (payment) {
    ctx.store.update(payment, { status: "paid", amount_paid: invoice.amount_due, status_transitions: { canceled_at: null, paid_at: at } });
    ctx.events.emit("invoice_payment.paid", payment, { request: ctx.request });
  }
  ctx.events.emit("invoice.paid", invoice, { request: ctx.request });
  ctx.events.emit("invoice.payment_succeeded", invoice, { request: ctx.request });
  for (const listener of invoiceListeners.paid) listener(ctx, invoice);
}

intentListeners.succeeded.push((ctx, intent) => {
  const invoice = intent._invoice ? ctx.store.get(intent._invoice) : undefined;
  if (invoice && invoice.status === "open") markPaid(ctx, invoice);
});

intentListeners.failed.push((ctx, intent) => {
  const invoice = intent._invoice ? ctx.store.get(intent._invoice) : undefined;
  if (!invoice || invoice.status !== "open") return;
  const attempts = invoice.attempt_count + 1;
  const retry = invoice.billing_reason === "subscription_cycle" && attempts < MAX_ATTEMPTS;
  ctx.store.update(invoice, {
    attempted: true,
    attempt_count: attempts,
    next_payment_attempt: retry ? timeOf(ctx.store, invoice.customer) + RETRY_DAYS * 86_400 : null,
  });
  ctx.events.emit("invoice.payment_failed", invoice, { request: ctx.request });
  for (const listener of invoiceListeners.failed) listener(ctx, invoice);
});

/** A charge of the invoice waits for 3-D Secure: `invoice.payment_action_required`; no automatic retry, the customer must act. */
intentListeners.actionRequired.push((ctx, intent) => {
  const invoice = intent._invoice ? ctx.store.get(intent._invoice) : undefined;
  if (!invoice || invoice.status !== "open") return;
  ctx.store.update(invoice, { attempted: true, attempt_count: invoice.attempt_count + 1, next_payment_attempt: null });
  ctx.events.emit("invoice.payment_action_required", invoice, { request: ctx.request });
  for (const listener of invoiceListeners.actionRequired) listener(ctx, invoice);
});

/** Charges an open invoice to a method (or the subscription's / customer's default); false when declined or none. */
export function attemptPayment(ctx: Context, invoice: StripeObject, paymentMethodId?: string | null): boolean {
  const intent = ctx.store.get(invoice._paymentIntent);
  if (!intent || invoice.status !== "open") return invoice.status === "paid";
  const sub = invoice.parent?.subscription_details ? ctx.store.get(invoice.parent.subscription_details.subscription) : undefined;
  const customer = ctx.store.get(invoice.customer);
  const pmId = paymentMethodId ?? sub?.default_payment_method ?? customer?.invoice_settings.default_payment_method ?? null;
  if (!pmId) {
    // No card to charge: the attempt fails as Stripe's does, without a charge.
    for (const listener of intentListeners.failed) listener(ctx, intent);
    return false;
  }
  try {
    // Stripe charges invoices off-session: a card saved by an authenticated payment needs no new challenge.
    chargeIntent(ctx, intent, resolvePaymentMethod(ctx, pmId), { offSession: true });
    return intent.status === "succeeded";
  } catch (error) {
    if (error instanceof StripeApiError && error.body.type === "card_error") return false;
    throw error;
  }
}

includables.invoice = {
  confirmation_secret: (store, invoice) => {
    const intent = invoice._paymentIntent ? store.get(invoice._paymentIntent) : undefined;
    return intent ? { client_secret: intent.client_secret, type: "payment_intent" } : null;
  },
  payments: (store, invoice) => ({
    object: "list",
    data: store.all("invoice_payment", (p) => p.invoice === invoice.id).map(publicCopy),
    has_more: false,
    url: "/v1/invoice_payments",
  }),
};
