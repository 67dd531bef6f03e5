/** Charges: the one a PaymentIntent's payment attempt makes, with the card's details and its 3-D Secure result. */
import { randomUUID } from "node:crypto";
import type { Context } from "./api";
import type { CardOutcome } from "./cards";
import type { StripeObject } from "./store";

/** The charge of one attempt: succeeded, or failed with the decline's codes. */
export function newCharge(ctx: Context, intent: StripeObject, pm: StripeObject, decline: CardOutcome["decline"]) {
  const { store } = ctx;
  const ok = !decline;
  return store.insert({
    id: store.newId("ch_"),
    object: "charge",
    amount: intent.amount,
    amount_captured: ok ? intent.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: ok ? store.newId("txn_") : null,
    billing_details: pm.billing_details,
    calculated_statement_descriptor: "STORYBOARD",
    captured: ok,
    created: store.now(),
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: decline?.code ?? null,
    failure_message: decline?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: intent.metadata,
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: ok ? "approved_by_network" : "declined_by_network",
      reason: decline?.declineCode ?? null,
      risk_level: "normal",
      risk_score: 20,
      seller_message: ok ? "Payment complete." : "The bank did not return any further details with this decline.",
      type: ok ? "authorized" : "issuer_declined",
    },
    paid: ok,
    payment_intent: intent.id,
    payment_method: pm.id,
    payment_method_details: {
      card: cardDetails(pm, intent._authenticated === pm.id),
      type: "card",
    },
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: ok ? "succeeded" : "failed",
    transfer_data: null,
    transfer_group: null,
  });
}

/** The card part of a Charge's `payment_method_details`, with the 3-D Secure result when the cardholder authenticated. */

export function cardDetails(pm: StripeObject, authenticated: boolean) {
  const card = pm.card;
  return {
    amount_authorized: null,
    authorization_code: null,
    brand: card.brand,
    checks: card.checks,
    country: card.country,
    electronic_commerce_indicator: authenticated ? "05" : null,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    fingerprint: card.fingerprint,
    funding: card.funding,
    installments: null,
    last4: card.last4,
    mandate: null,
    network: card.brand,
    network_transaction_id: null,
    regulated_status: card.regulated_status,
    three_d_secure: authenticated
      ? {
          authentication_flow: "challenge",
          electronic_commerce_indicator: "05",
          exemption_indicator: null,
          result: "authenticated",
          result_reason: null,
          transaction_id: randomUUID(),
          version: "2.2.0",
        }
      : null,
    transaction_link_id: null,
    wallet: null,
  };
}
