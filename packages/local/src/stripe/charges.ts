/** The card part of a Charge's `payment_method_details`, with the 3-D Secure result when the cardholder authenticated. */
import { randomUUID } from "node:crypto";
import type { StripeObject } from "./store";

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
