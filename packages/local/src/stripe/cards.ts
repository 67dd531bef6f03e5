/**
 * Test-mode cards: Stripe's test numbers and `pm_card_*` tokens, what each
 * does when charged, and the checks Stripe makes on a raw card (Luhn, expiry,
 * CVC) with its error codes and messages.
 */
import { createHash } from "node:crypto";
import { cardError } from "./errors";

export interface CardOutcome {
  /** Charging this card fails with these codes; undefined: it succeeds. */
  decline?: { code: string; declineCode?: string; message: string };
  /**
   * 3-D Secure: "always" asks on every payment, "unless_set_up" asks unless
   * the card was saved by an authenticated payment and is charged off-session.
   */
  authentication?: "always" | "unless_set_up";
  /** The charge succeeds, then the cardholder disputes it (`charge.dispute.created`). */
  dispute?: boolean;
}

/** Stripe's 3-D Secure test numbers (https://docs.stripe.com/testing#regulatory-cards). */
const AUTHENTICATION: Record<string, CardOutcome["authentication"]> = {
  "4000002500003155": "unless_set_up",
  "4000002760003184": "always",
  "4000000000003220": "always",
  "4000000000003063": "always",
  "4000008260003178": "always", // then declined for insufficient funds
};

const DISPUTED = new Set(["4000000000000259"]);

const DECLINED = { code: "card_declined", declineCode: "generic_decline", message: "Your card was declined." };

/** Stripe's test numbers that fail, and how (https://docs.stripe.com/testing#declined-payments). */
const DECLINES: Record<string, CardOutcome["decline"]> = {
  "4000000000000002": DECLINED,
  "4000000000000341": DECLINED, // attaches to a customer, every charge fails: renewals that decline
  "4000000000009995": { code: "card_declined", declineCode: "insufficient_funds", message: "Your card has insufficient funds." },
  "4000000000009987": { code: "card_declined", declineCode: "lost_card", message: "Your card was declined." },
  "4000000000009979": { code: "card_declined", declineCode: "stolen_card", message: "Your card was declined." },
  "4000000000000069": { code: "expired_card", message: "Your card has expired." },
  "4000000000000127": { code: "incorrect_cvc", message: "Your card's security code is incorrect." },
  "4000000000000119": { code: "processing_error", message: "An error occurred while processing your card. Try again in a little bit." },
  "4000008260003178": { code: "card_declined", declineCode: "insufficient_funds", message: "Your card has insufficient funds." },
};

/** The `pm_card_*` test tokens and the number each stands for. */
export const TEST_TOKENS: Record<string, string> = {
  pm_card_visa: "4242424242424242",
  pm_card_visa_debit: "4000056655665556",
  pm_card_mastercard: "5555555555554444",
  pm_card_amex: "378282246310005",
  pm_card_discover: "6011111111111117",
  pm_card_chargeDeclined: "4000000000000002",
  pm_card_chargeDeclinedInsufficientFunds: "4000000000009995",
  pm_card_chargeDeclinedExpiredCard: "4000000000000069",
  pm_card_chargeDeclinedIncorrectCvc: "4000000000000127",
  pm_card_chargeCustomerFail: "4000000000000341",
  pm_card_authenticationRequiredOnSetup: "4000002500003155",
  pm_card_authenticationRequired: "4000002760003184",
  pm_card_threeDSecure2Required: "4000000000003220",
  pm_card_threeDSecureRequired: "4000000000003063",
  pm_card_authenticationRequiredChargeDeclinedInsufficientFunds: "4000008260003178",
  pm_card_createDispute: "4000000000000259",
};

export const outcomeOf = (number: string): CardOutcome => ({
  decline: DECLINES[number],
  authentication: AUTHENTICATION[number],
  dispute: DISPUTED.has(number),
});

export function brandOf(number: string): string {
  if (/^4/.test(number)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  if (/^(6011|65|64[4-9])/.test(number)) return "discover";
  if (/^3(0[0-5]|[68])/.test(number)) return "diners";
  if (/^35/.test(number)) return "jcb";
  if (/^62/.test(number)) return "unionpay";
  return "unknown";
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface CardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc?: string;
}

/** Checks a raw card as Stripe does when a PaymentMethod is created; a bad one is a 402 card_error. */
export function validateCard(raw: Record<string, unknown>, now: number): CardDetails {
  const number = String(raw.number ?? "").replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number) || !luhn(number))
    throw cardError("incorrect_number", "Your card number is incorrect.", { param: "number" });
  const expMonth = Number(raw.exp_month);
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12)
    throw cardError("invalid_expiry_month", "Your card's expiration month is invalid.", { param: "exp_month" });
  let expYear = Number(raw.exp_year);
  if (Number.isInteger(expYear) && expYear < 100) expYear += 2000;
  const today = new Date(now * 1000);
  if (!Number.isInteger(expYear) || expYear < today.getUTCFullYear() || expYear > today.getUTCFullYear() + 50)
    throw cardError("invalid_expiry_year", "Your card's expiration year is invalid.", { param: "exp_year" });
  if (expYear === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1)
    throw cardError("invalid_expiry_month", "Your card's expiration month is invalid.", { param: "exp_month" });
  const cvc = raw.cvc === undefined || raw.cvc === "" ? undefined : String(raw.cvc);
  if (cvc !== undefined && !/^\d{3,4}$/.test(cvc))
    throw cardError("invalid_cvc", "Your card's security code is invalid.", { param: "cvc" });
  return { number, exp_month: expMonth, exp_year: expYear, cvc };
}

/** The same number gives the same fingerprint, so a customer's repeated card shows once. */
export const fingerprintOf = (number: string) =>
  createHash("sha256").update(`storyboard-stand-in:${number}`).digest("base64url").slice(0, 16);
