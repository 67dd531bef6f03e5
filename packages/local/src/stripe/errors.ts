/**
 * Stripe's error shape and status codes, so the official SDK raises the same
 * classes it raises against api.stripe.com (StripeCardError on a 402, ...).
 */
export type StripeErrorType = "invalid_request_error" | "card_error" | "api_error" | "idempotency_error";

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  charge?: string;
  payment_intent?: unknown;
  payment_method?: unknown;
  doc_url?: string;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }

  toJSON() {
    return {
      error: {
        ...this.body,
        ...(this.body.code ? { doc_url: `https://stripe.com/docs/error-codes/${this.body.code.replace(/_/g, "-")}` } : {}),
      },
    };
  }
}

export const resourceMissing = (param: string, id: string) =>
  new StripeApiError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    param,
    message: `No such ${param.replace(/_/g, " ")}: '${id}'`,
  });

export const invalidRequest = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, { type: "invalid_request_error", message, ...(param ? { param } : {}), ...(code ? { code } : {}) });

export const missingParam = (param: string) => invalidRequest(`Missing required param: ${param}.`, param, "parameter_missing");

export const unexpectedState = (message: string) => invalidRequest(message, undefined, "payment_intent_unexpected_state");

export const unauthorized = (message: string) => new StripeApiError(401, { type: "invalid_request_error", message });

/** A card problem: 402 with the decline details, as Stripe answers a failed charge or a bad card number. */
export const cardError = (code: string, message: string, extra: Partial<StripeErrorBody> = {}) =>
  new StripeApiError(402, { type: "card_error", code, message, ...extra });
