/**
 * The one Stripe client of the server (docs/architecture.md#payments).
 * `STRIPE_API_URL` points the official SDK at another Stripe-compatible host:
 * `npm start` and the tests set it to the local stand-in in `packages/local`;
 * on AWS it is unset and the SDK talks to api.stripe.com. Nothing else differs.
 */
import Stripe from "stripe";
import { AppError } from "../error";

let cached: { key: string; apiUrl: string | undefined; client: Stripe } | undefined;

export function stripe(): Stripe {
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key) throw new AppError("internal", "Card payments are not set up on this server yet. Please try again later.");
  const apiUrl = process.env.STRIPE_API_URL || undefined;
  if (cached && cached.key === key && cached.apiUrl === apiUrl) return cached.client;
  const target = apiUrl ? new URL(apiUrl) : undefined;
  const client = new Stripe(key, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(target
      ? {
          host: target.hostname,
          port: Number(target.port || (target.protocol === "https:" ? 443 : 80)),
          protocol: target.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  cached = { key, apiUrl, client };
  return client;
}

/** The secret Stripe signs webhook events with (`whsec_...`). */
export function webhookSecret(): string {
  const secret = process.env.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new AppError("internal", "The Stripe webhook secret is not set.");
  return secret;
}

export type { Stripe };
