/** Sends the subscription e-mails and receipts if the user's `payment` preference (and the master switch) allows; never throws. */
import type Stripe from "stripe";
import { db } from "../dynamo/service";
import { logger } from "../logger";
import { sendMail } from "../notification/mailer";
import { shouldNotify } from "../notification/preferences";
import { type SubscriptionMailInput, subscriptionMail } from "../notification/subscription-templates";
import { type InvoiceReceiptInput, invoiceReceiptMail } from "../notification/receipt-templates";
import { periodPrice } from "./invoice-credit";
import { planForPriceId } from "./price";
import { isoFromEpoch } from "./subscription-state";

/** "Pro (monthly)" / "Pro (annual)"; the raw id for a price outside the catalogue. */
export function planLabel(priceId: string | null | undefined): string {
  const active = priceId ? planForPriceId(priceId) : null;
  if (!active) return priceId ?? "your plan";
  return `${active.plan.name} (${active.interval === "month" ? "monthly" : "annual"})`;
}

/** A plan's price per billing period, as the subscription e-mails state it ({} outside the catalogue). */
export function planPrice(priceId: string | null | undefined): { amount?: number; per?: "month" | "year" } {
  const active = priceId ? planForPriceId(priceId) : null;
  if (!active) return {};
  return { amount: periodPrice(active), per: active.interval };
}

export async function sendSubscriptionMail(userId: string, input: Omit<SubscriptionMailInput, "recipient">): Promise<boolean> {
  try {
    const { data: user } = await db.entities.user.get({ userId }).go();
    if (!user || !shouldNotify(user, "payment")) return false;
    await sendMail({ to: user.email, ...subscriptionMail({ ...input, recipient: user }) });
    return true;
  } catch (error) {
    logger.error("Subscription e-mail not sent", { error: error as Error, userId, kind: input.kind });
    return false;
  }
}

/** What the receipt of a paid subscription invoice shows, from Stripe's invoice: the service period is its charged lines'. */
export function invoiceForReceipt(invoice: Stripe.Invoice): InvoiceReceiptInput["invoice"] {
  const charged = (invoice.lines?.data ?? []).filter((l) => l.amount > 0);
  const starts = charged.map((l) => l.period.start);
  const ends = charged.map((l) => l.period.end);
  return {
    id: invoice.id,
    number: invoice.number ?? null,
    amountPaid: invoice.amount_paid ?? 0,
    currency: invoice.currency,
    taxes: (invoice.total_taxes ?? []).filter((t) => t.amount > 0).map((t) => ({ label: "Tax", amount: t.amount })),
    periodStart: isoFromEpoch(starts.length ? Math.min(...starts) : invoice.period_start)!,
    periodEnd: isoFromEpoch(ends.length ? Math.max(...ends) : invoice.period_end)!,
    hostedUrl: invoice.hosted_invoice_url ?? null,
    billingReason: invoice.billing_reason ?? null,
  };
}

/** The receipt of one paid subscription invoice (docs/product.md#subscriptions), as the `payment` preference allows; never throws. */
export async function sendInvoiceReceipt(userId: string, input: Omit<InvoiceReceiptInput, "recipient">): Promise<boolean> {
  try {
    const { data: user } = await db.entities.user.get({ userId }).go();
    if (!user || !shouldNotify(user, "payment")) return false;
    await sendMail({ to: user.email, ...invoiceReceiptMail({ ...input, recipient: user }) });
    return true;
  } catch (error) {
    logger.error("Subscription receipt not sent", { error: error as Error, userId, invoiceId: input.invoice.id });
    return false;
  }
}
