/** Charges (retrieve, list), Refunds of a charge (by charge or PaymentIntent), and the Events API (retrieve, list). */
import { type Context, arrayParam, createdFilter, int, listPage, mergeMetadata, need, render, str } from "./api";
import { invalidRequest } from "./errors";

const REASONS = ["duplicate", "fraudulent", "requested_by_customer"];
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function createRefund(ctx: Context) {
  const { params, store } = ctx;
  const chargeId = str(params, "charge");
  const intentId = str(params, "payment_intent");
  if (!chargeId && !intentId)
    throw invalidRequest("One of the following params should be provided for this request: payment_intent or charge.");
  let charge;
  if (chargeId) charge = need(ctx, "charge", chargeId);
  else {
    const intent = need(ctx, "payment_intent", intentId!);
    if (intent.status !== "succeeded" || !intent.latest_charge)
      throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, "payment_intent");
    charge = need(ctx, "charge", intent.latest_charge);
  }
  if (charge.status !== "succeeded") throw invalidRequest(`Charge ${charge.id} has not succeeded, so it cannot be refunded.`, "charge");
  const left = charge.amount_captured - charge.amount_refunded;
  if (left <= 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, "charge", "charge_already_refunded");
  const amount = int(params, "amount") ?? left;
  if (amount <= 0) throw invalidRequest("Invalid positive integer", "amount");
  if (amount > left)
    throw invalidRequest(`Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`, "amount");
  const reason = str(params, "reason");
  if (reason && !REASONS.includes(reason)) throw invalidRequest(`Invalid reason: must be one of ${REASONS.join(", ")}`, "reason");
  const refund = store.insert({
    id: store.newId("re_"),
    object: "refund",
    amount,
    balance_transaction: store.newId("txn_"),
    charge: charge.id,
    created: store.now(),
    currency: charge.currency,
    customer: charge.customer,
    customer_account: null,
    destination_details: {
      card: { reference_status: "pending", reference_type: "acquirer_reference_number", type: "refund" },
      type: "card",
    },
    metadata: mergeMetadata({}, params.metadata),
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason: reason ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  });
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  store.update(charge, {
    amount_refunded: charge.amount_refunded + amount,
    refunded: charge.amount_refunded + amount >= charge.amount_captured,
  });
  ctx.events.emit("charge.refunded", charge, { previous, request: ctx.request });
  ctx.events.emit("refund.created", refund, { request: ctx.request });
  return render(ctx, refund);
}

export const retrieveRefund = (ctx: Context) => render(ctx, need(ctx, "refund", ctx.path.id));

export function listRefunds(ctx: Context) {
  const charge = str(ctx.params, "charge");
  const intent = str(ctx.params, "payment_intent");
  const items = ctx.store.all("refund", (r) => (!charge || r.charge === charge) && (!intent || r.payment_intent === intent));
  return listPage(ctx, items, "/v1/refunds");
}

export const retrieveEvent = (ctx: Context) => render(ctx, need(ctx, "event", ctx.path.id));

/** `GET /v1/events` with `type` (a `*` wildcard allowed), `types[]` and `created` filters. */
export function listEvents(ctx: Context) {
  const type = str(ctx.params, "type");
  const types = arrayParam(ctx.params, "types").map(String);
  const created = createdFilter(ctx.params);
  const matches = (t: string) =>
    (!type || (type.endsWith("*") ? t.startsWith(type.slice(0, -1)) : t === type)) && (types.length === 0 || types.includes(t));
  return listPage(
    ctx,
    ctx.store.all("event", (e) => matches(e.type) && created(e)),
    "/v1/events",
  );
}

export const retrieveCharge = (ctx: Context) => render(ctx, need(ctx, "charge", ctx.path.id));

export function listCharges(ctx: Context) {
  const customer = str(ctx.params, "customer");
  const intent = str(ctx.params, "payment_intent");
  const items = ctx.store.all("charge", (c) => (!customer || c.customer === customer) && (!intent || c.payment_intent === intent));
  return listPage(ctx, items, "/v1/charges");
}
