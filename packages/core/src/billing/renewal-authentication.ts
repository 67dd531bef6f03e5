/**
 * Renewals that need authentication (docs/decisions.md#renewals-that-need-authentication).
 * When the bank asks for 3-D Secure on a renewal, Stripe leaves the invoice
 * open, the subscription `past_due`, and sends `invoice.payment_action_required`.
 * We mail the subscriber a link to a page of ours that reads the invoice's
 * payment here and completes it in the browser (Stripe.js, or offline the
 * stand-in's challenge page); Stripe then sends `invoice.paid`, which credits
 * the period's points as any paid invoice does.
 */
import type Stripe from "stripe";
import { useUserId } from "../actor";
import { isConditionFailed } from "../dynamo/errors";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { logger } from "../logger";
import { sendMail } from "../notification/mailer";
import { paymentAuthenticationMail } from "../notification/payment-authentication-template";
import { customerIdOf } from "./customers";
import { stripe } from "./stripe";
import { planLabel } from "./subscription-mail";
import { idOf } from "./subscription-state";
import { storedSubscription } from "./subscription-sync";

/**
 * Mails the link once per invoice and attempt. Sent whatever the `payment`
 * preference says: without it the subscription lapses unnoticed.
 * The first invoice is not mailed: the browser that subscribes does the challenge.
 */
export async function mailAuthenticationLink(invoice: Stripe.Invoice, userId: string, priceId: string) {
  if (invoice.billing_reason === "subscription_create" || invoice.status !== "open") return;
  try {
    const value = `mail:invoice_action:${invoice.id}:${invoice.attempt_count}`;
    await db.entities.unique.create({ kind: "idempotency", value, ownerId: userId }).go();
  } catch (error) {
    if (isConditionFailed(error)) return; // mailed for this attempt already
    throw error;
  }
  const { data: user } = await db.entities.user.get({ userId }).go();
  if (!user) return;
  const mail = paymentAuthenticationMail({
    recipient: user,
    planLabel: planLabel(priceId),
    amountCents: invoice.amount_due,
    currency: invoice.currency,
    invoiceId: invoice.id,
  });
  await sendMail({ to: user.email, ...mail });
  logger.info("Renewal needs authentication: link mailed", { userId, invoiceId: invoice.id });
}

const notFound = () => AppError.notFound("Payment not found.");

/** The invoice's PaymentIntent still waiting for the customer (the open InvoicePayment), else the latest one. */
function intentOf(invoice: Stripe.Invoice): string | null {
  const payments = invoice.payments?.data ?? [];
  const open = payments.find((p) => p.status === "open") ?? payments[0];
  return idOf(open?.payment.payment_intent);
}

/**
 * `GET /api/userSubscription/payments/{invoiceId}`: an invoice of the asking
 * user's subscription and, while it is open, the client secret the browser
 * completes its payment with. Another user's invoice answers 404.
 */
export async function invoicePayment(invoiceId: string) {
  const userId = useUserId();
  // Anything but an invoice id of Stripe's shape is not one of ours: never sent on to Stripe.
  if (!/^in_[A-Za-z0-9]{1,100}$/.test(invoiceId)) throw notFound();
  const customer = await customerIdOf(userId);
  if (!customer) throw notFound();
  const invoice = await stripe()
    .invoices.retrieve(invoiceId, { expand: ["payments"] })
    .catch((error: { statusCode?: number }) => {
      if (error.statusCode === 404) throw notFound();
      throw error;
    });
  if (idOf(invoice.customer) !== customer) throw notFound();
  const stored = await storedSubscription(userId);
  const intentId = invoice.status === "open" ? intentOf(invoice) : null;
  const intent = intentId ? await stripe().paymentIntents.retrieve(intentId) : null;
  const payable = intent && intent.status !== "succeeded" && intent.status !== "canceled";
  return {
    invoiceId: invoice.id,
    /** `open` until paid; `paid`, `void` or `uncollectible` once nothing is due. */
    status: invoice.status,
    amountCents: invoice.amount_due,
    currency: invoice.currency,
    planLabel: planLabel(stored?.priceId),
    subscriptionStatus: stored?.status ?? null,
    clientSecret: payable ? intent.client_secret : null,
    paymentStatus: intent?.status ?? null,
  };
}
