/**
 * Our PaymentIntents as the server reads them back from Stripe. Everything
 * here comes from a fresh `retrieve` (never from a webhook payload or the
 * browser), and the metadata was written by this server with the secret key.
 */
import type Stripe from "stripe";
import { AppError } from "../error";
import { stripe } from "./stripe";

export type PurchaseKind = "points" | "render";

/** What one of our intents is for. */
export interface OurIntent {
  id: string;
  kind: PurchaseKind;
  userId: string;
  /** Our payment id: the ledger's referenceId and the payments record. */
  paymentId: string;
  /** Points the payment buys (for a render: the render's cost in points). */
  points: number;
  /** Cents. */
  amount: number;
  currency: string;
  status: Stripe.PaymentIntent.Status;
  succeeded: boolean;
  description: string;
  customer: string | null;
  screenplayId?: string;
  paymentMethodId: string | null;
}

/** The idempotency claims of a payment intent (docs/decisions.md#payments). */
export const creditKey = (paymentIntentId: string) => `stripe:payment_intent:${paymentIntentId}`;
export const renderPurchaseKey = (paymentIntentId: string) => `stripe:render_purchase:${paymentIntentId}`;

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** Reads our view of a Stripe PaymentIntent; null when it is not one of ours (e.g. a subscription invoice's). */
export function ourIntent(intent: Stripe.PaymentIntent): OurIntent | null {
  const m = intent.metadata ?? {};
  if ((m.kind !== "points" && m.kind !== "render") || !m.userId || !m.paymentId) return null;
  const points = Number(m.points);
  if (!Number.isInteger(points) || points <= 0) return null;
  return {
    id: intent.id,
    kind: m.kind,
    userId: m.userId,
    paymentId: m.paymentId,
    points,
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status,
    // A partial capture never happens with automatic capture; amount_received guards it anyway.
    succeeded: intent.status === "succeeded" && intent.amount_received === intent.amount,
    description: intent.description ?? (m.kind === "points" ? `${points} points` : "Render purchase"),
    customer: idOf(intent.customer),
    screenplayId: m.screenplayId || undefined,
    paymentMethodId: idOf(intent.payment_method),
  };
}

/** Retrieves an intent from Stripe; an unknown id is a 404. */
export async function retrieveIntent(id: string): Promise<Stripe.PaymentIntent> {
  try {
    return await stripe().paymentIntents.retrieve(id);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw AppError.notFound("Payment not found.");
    throw error;
  }
}

/** "Visa •••• 4242" for the payments record and the receipt; "card" if Stripe cannot tell. */
export async function paymentMethodLabel(paymentMethodId: string | null): Promise<string> {
  if (!paymentMethodId) return "card";
  try {
    const pm = await stripe().paymentMethods.retrieve(paymentMethodId);
    if (pm.card) return `${brandName(pm.card.brand)} •••• ${pm.card.last4}`;
    return pm.type;
  } catch {
    return "card";
  }
}

const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};
export const brandName = (brand: string) => BRANDS[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
