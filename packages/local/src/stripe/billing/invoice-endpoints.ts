/** The Invoice and InvoicePayment endpoints: retrieve, list, lines, pay. */
import { type Context, listPage, need, render, str } from "../api";
import { invalidRequest } from "../errors";
import { chargeIntent } from "../payment-intents";
import { resolvePaymentMethod } from "../payment-methods";

export const retrieveInvoice = (ctx: Context) => render(ctx, need(ctx, "invoice", ctx.path.id));

export function listInvoices(ctx: Context) {
  const customer = str(ctx.params, "customer");
  const subscription = str(ctx.params, "subscription");
  const status = str(ctx.params, "status");
  const items = ctx.store.all(
    "invoice",
    (i) =>
      (!customer || i.customer === customer) &&
      (!subscription || i.parent?.subscription_details?.subscription === subscription) &&
      (!status || i.status === status),
  );
  return listPage(ctx, items, "/v1/invoices");
}

export function listInvoiceLines(ctx: Context) {
  const invoice = need(ctx, "invoice", ctx.path.id);
  return listPage(ctx, invoice.lines.data, `/v1/invoices/${invoice.id}/lines`);
}

/** `POST /v1/invoices/:id/pay`: charges now; a decline is Stripe's 402 and the invoice stays open. */
export function payInvoice(ctx: Context) {
  const invoice = need(ctx, "invoice", ctx.path.id);
  if (invoice.status === "paid") throw invalidRequest("Invoice is already paid", undefined, "invoice_already_paid");
  if (invoice.status !== "open")
    throw invalidRequest(`You can only pay an open invoice; this one is ${invoice.status}.`, undefined, "invoice_not_editable");
  const intent = ctx.store.get(invoice._paymentIntent)!;
  const pm = str(ctx.params, "payment_method");
  const sub = invoice.parent?.subscription_details ? ctx.store.get(invoice.parent.subscription_details.subscription) : undefined;
  const customer = ctx.store.get(invoice.customer)!;
  const pmId = pm ?? sub?.default_payment_method ?? customer.invoice_settings.default_payment_method;
  if (!pmId)
    throw invalidRequest(
      "This customer has no attached payment source or default payment method.",
      undefined,
      "invoice_no_customer_line_items",
    );
  // `off_session` defaults to true for invoice payments, as on Stripe.
  chargeIntent(ctx, intent, resolvePaymentMethod(ctx, pmId), { offSession: str(ctx.params, "off_session") !== "false" });
  return render(ctx, invoice);
}

export function listInvoicePayments(ctx: Context) {
  const invoice = str(ctx.params, "invoice");
  const intent = ctx.params.payment?.payment_intent as string | undefined;
  const items = ctx.store.all(
    "invoice_payment",
    (p) => (!invoice || p.invoice === invoice) && (!intent || p.payment.payment_intent === intent),
  );
  return listPage(ctx, items, "/v1/invoice_payments");
}

export const retrieveInvoicePayment = (ctx: Context) => render(ctx, need(ctx, "invoice_payment", ctx.path.id));
