/**
 * Disputes (chargebacks): the `pm_card_createDispute` card (4000 0000 0000
 * 0259) is charged, then disputed at once (`charge.dispute.created`,
 * `charge.dispute.funds_withdrawn`). As in Stripe test mode, evidence with
 * `uncategorized_text=winning_evidence` wins it and `losing_evidence` loses
 * it; `POST /v1/disputes/:id/close` accepts it (lost). The control API can
 * close one either way (`POST /_stand-in/disputes/:id/close`).
 */
import { type Context, listPage, mergeMetadata, need, render, str } from "./api";
import { invalidRequest } from "./errors";
import type { StripeObject } from "./store";

const EVIDENCE_FIELDS = [
  "access_activity_log",
  "billing_address",
  "cancellation_policy",
  "cancellation_policy_disclosure",
  "cancellation_rebuttal",
  "customer_communication",
  "customer_email_address",
  "customer_name",
  "customer_purchase_ip",
  "customer_signature",
  "duplicate_charge_documentation",
  "duplicate_charge_explanation",
  "duplicate_charge_id",
  "product_description",
  "receipt",
  "refund_policy",
  "refund_policy_disclosure",
  "refund_refusal_explanation",
  "service_date",
  "service_documentation",
  "shipping_address",
  "shipping_carrier",
  "shipping_date",
  "shipping_documentation",
  "shipping_tracking_number",
  "uncategorized_file",
  "uncategorized_text",
];

/** Seven days to answer, as Stripe's test disputes give. */
const RESPONSE_DAYS = 7;

export function openDispute(ctx: Context, charge: StripeObject) {
  const { store } = ctx;
  const created = store.get(charge.customer ?? "")?.test_clock ? charge.created : store.now();
  const dispute = store.insert({
    id: store.newId("dp_"),
    object: "dispute",
    amount: charge.amount,
    balance_transactions: [],
    charge: charge.id,
    created,
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence: { ...Object.fromEntries(EVIDENCE_FIELDS.map((f) => [f, null])), enhanced_evidence: {} },
    evidence_details: {
      due_by: created + RESPONSE_DAYS * 86_400,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: "not_submitted",
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    network_reason_code: "10.4",
    payment_intent: charge.payment_intent,
    payment_method_details: {
      card: {
        brand: charge.payment_method_details.card.brand,
        case_type: "chargeback",
        network: charge.payment_method_details.card.network,
        network_reason_code: "10.4",
      },
      type: "card",
    },
    reason: "fraudulent",
    status: "needs_response",
  });
  const previous = { disputed: false };
  store.update(charge, { disputed: true });
  ctx.events.emit("charge.dispute.created", dispute, { request: ctx.request });
  ctx.events.emit("charge.dispute.funds_withdrawn", dispute, { request: ctx.request });
  ctx.events.emit("charge.updated", charge, { previous, request: ctx.request });
  return dispute;
}

const OPEN = ["needs_response", "under_review", "warning_needs_response", "warning_under_review"];

/** Closes a dispute won or lost: `charge.dispute.closed`, and the money back when won. */
export function closeDispute(ctx: Context, dispute: StripeObject, outcome: "won" | "lost") {
  if (!OPEN.includes(dispute.status))
    throw invalidRequest(`This dispute is already closed (${dispute.status}).`, undefined, "dispute_already_closed");
  ctx.store.update(dispute, { status: outcome, is_charge_refundable: false });
  ctx.events.emit("charge.dispute.closed", dispute, { request: ctx.request });
  if (outcome === "won") ctx.events.emit("charge.dispute.funds_reinstated", dispute, { request: ctx.request });
  return dispute;
}

export const retrieveDispute = (ctx: Context) => render(ctx, need(ctx, "dispute", ctx.path.id));

export function listDisputes(ctx: Context) {
  const charge = str(ctx.params, "charge");
  const intent = str(ctx.params, "payment_intent");
  const items = ctx.store.all("dispute", (d) => (!charge || d.charge === charge) && (!intent || d.payment_intent === intent));
  return listPage(ctx, items, "/v1/disputes");
}

/** `POST /v1/disputes/:id`: evidence and metadata; the test-mode evidence texts decide the outcome as on Stripe. */
export function updateDispute(ctx: Context) {
  const dispute = need(ctx, "dispute", ctx.path.id);
  if (!OPEN.includes(dispute.status)) throw invalidRequest(`This dispute is already closed (${dispute.status}).`);
  const evidence = (ctx.params.evidence ?? {}) as Record<string, unknown>;
  if (typeof evidence !== "object") throw invalidRequest("Invalid hash", "evidence");
  const previous = { evidence: structuredClone(dispute.evidence), metadata: { ...dispute.metadata } };
  for (const [field, value] of Object.entries(evidence)) {
    if (!EVIDENCE_FIELDS.includes(field))
      throw invalidRequest(`Received unknown parameter: evidence[${field}]`, `evidence[${field}]`, "parameter_unknown");
    dispute.evidence[field] = value === "" ? null : String(value);
  }
  if (ctx.params.metadata !== undefined) dispute.metadata = mergeMetadata(dispute.metadata, ctx.params.metadata);
  const submit = str(ctx.params, "submit") !== "false";
  if (Object.keys(evidence).length && submit)
    Object.assign(dispute.evidence_details, {
      has_evidence: true,
      submission_count: dispute.evidence_details.submission_count + 1,
      submission_method: "manual",
    });
  ctx.store.update(dispute, submit && Object.keys(evidence).length ? { status: "under_review" } : {});
  ctx.events.emit("charge.dispute.updated", dispute, { previous, request: ctx.request });
  const text = dispute.evidence.uncategorized_text;
  if (submit && text === "winning_evidence") closeDispute(ctx, dispute, "won");
  else if (submit && text === "losing_evidence") closeDispute(ctx, dispute, "lost");
  return render(ctx, dispute);
}

/** `POST /v1/disputes/:id/close`: the merchant accepts the dispute, which is then lost. */
export const acceptDispute = (ctx: Context) => render(ctx, closeDispute(ctx, need(ctx, "dispute", ctx.path.id), "lost"));
