/**
 * Points of subscriptions (docs/product.md#subscriptions, docs/decisions.md#subscriptions):
 * each paid subscription invoice credits once, keyed by the invoice id
 * (`stripe:invoice:<id>`), in the same transaction as its ledger item and its
 * payments record. An annual invoice credits its first month; the daily job
 * `creditDueAnnualMonths` credits each following month, keyed by invoice and
 * month. Refunds and failed invoices credit nothing.
 */
import type Stripe from "stripe";
import { nowIso } from "../clock";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { logger } from "../logger";
import { creditItems, type TransactionEntities } from "../points/points";
import { creditKnowingBalance } from "../points/known-balance";
import { paymentMethodLabel } from "./intents";
import { addMonthsUtc, ANNUAL_CREDIT_MONTHS, invoiceCredit, type InvoiceLine } from "./invoice-credit";
import { planForPriceId } from "./price";
import { stripe } from "./stripe";
import { lookupKeyOf } from "./stripe-prices";
import { invoiceForReceipt, planLabel, sendInvoiceReceipt } from "./subscription-mail";
import { idOf, isoFromEpoch } from "./subscription-state";
import type { SubscriptionSnapshot } from "./subscription-state";

export const invoiceCreditKey = (invoiceId: string) => `stripe:invoice:${invoiceId}`;
export const annualMonthKey = (invoiceId: string, month: number) => `stripe:invoice:${invoiceId}:month:${month}`;

export async function linesOf(invoice: Pick<Stripe.Invoice, "lines">): Promise<InvoiceLine[]> {
  const lines = [];
  for (const line of invoice.lines?.data ?? []) {
    lines.push({
      priceId: await lookupKeyOf(line.pricing?.price_details?.price),
      amount: line.amount,
      proration: line.parent?.subscription_item_details?.proration ?? false,
    });
  }
  return lines;
}

/** The PaymentIntent that paid the invoice and "Visa •••• 4242" of its card ("card" if Stripe cannot tell). */
async function invoicePayment(invoiceId: string): Promise<{ intentId: string | null; method: string }> {
  let intentId: string | null = null;
  try {
    const { data } = await stripe().invoicePayments.list({ invoice: invoiceId, limit: 3 });
    intentId = idOf(data.find((p) => p.status === "paid")?.payment?.payment_intent);
    if (!intentId) return { intentId, method: "card" };
    const intent = await stripe().paymentIntents.retrieve(intentId);
    return { intentId, method: await paymentMethodLabel(idOf(intent.payment_method)) };
  } catch {
    return { intentId, method: "card" };
  }
}

/** The annual credit schedule the first month of an annual invoice starts. */
function annualSchedule(tx: TransactionEntities, userId: string, invoice: Stripe.Invoice, pointsPerMonth: number, periodStart: string) {
  return tx.userSubscription
    .patch({ userId })
    .set({
      creditInvoiceId: invoice.id,
      creditPeriodStart: periodStart,
      creditPointsPerMonth: pointsPerMonth,
      monthsCredited: 1,
      creditState: "due",
      nextCreditAt: addMonthsUtc(new Date(periodStart), 1).toISOString(),
    })
    .commit();
}

/** Credits a paid subscription invoice once; false when it credits nothing or was credited before. */
export async function creditPaidInvoice(invoiceId: string, snapshot: SubscriptionSnapshot): Promise<boolean> {
  const invoice = await stripe().invoices.retrieve(invoiceId);
  if (invoice.status !== "paid") return false;
  const { points, priceId, startsPeriod } = invoiceCredit(invoice.billing_reason, await linesOf(invoice), snapshot.priceId);
  const amount = invoice.amount_paid ?? 0;
  if (points <= 0 && amount <= 0) return false;
  const { userId } = snapshot;
  const active = priceId ? planForPriceId(priceId) : null;
  const { intentId, method } = amount > 0 ? await invoicePayment(invoice.id) : { intentId: null, method: "card" };
  const upgrade = invoice.billing_reason === "subscription_update";
  const description = upgrade ? `Change to ${planLabel(priceId)} (prorated)` : `${planLabel(priceId)} subscription`;
  const periodStart = isoFromEpoch(invoice.lines?.data?.find((l) => l.amount > 0)?.period?.start) ?? nowIso();
  // Annual months after the first are credited by the job, for the subscription the record follows.
  // An upgrade within an annual period keeps the year's schedule; a change of interval starts a new year.
  const startsYear =
    startsPeriod && active?.interval === "year" && snapshot.subscriptionId === idOf(invoice.parent?.subscription_details?.subscription);
  const credit = await creditKnowingBalance(
    {
      userId,
      delta: Math.max(0, points),
      reason: "subscription",
      referenceId: invoice.id,
      comment: upgrade ? `${planLabel(priceId)}: points of the upgrade` : `${planLabel(priceId)}: ${points.toLocaleString("en-US")} points`,
      idempotencyKey: invoiceCreditKey(invoice.id),
    },
    (tx) =>
      [
        amount > 0
          ? [
              tx.payment
                .create({
                  paymentId: invoice.id,
                  userId,
                  amount,
                  currency: invoice.currency.toUpperCase(),
                  status: "paid",
                  paymentMethod: method,
                  description,
                  // What a refund or a dispute of this invoice takes back (docs/decisions.md#refunds-and-disputes).
                  points,
                })
                .commit(),
              // The charge of a refund or dispute names the PaymentIntent; this finds the invoice from it.
              ...(intentId
                ? [tx.paymentProcessorId.put({ internalId: invoice.id, type: "payment_intent", processorName: "stripe", externalId: intentId }).commit()]
                : []),
            ]
          : [],
        startsYear && active ? [annualSchedule(tx, userId, invoice, active.plan.pointsPerMonth, periodStart)] : [],
      ].flat(),
  );
  if (credit.outcome === "duplicate") return false; // credited before: a redelivered event
  if (credit.outcome === "noUser") throw new AppError("internal", "The subscription credit could not be saved."); // a 500: Stripe retries
  logger.info("Subscription invoice credited", { invoiceId: invoice.id, userId, points });
  if (amount > 0) {
    await sendInvoiceReceipt(userId, {
      invoice: invoiceForReceipt(invoice),
      planLabel: planLabel(priceId),
      method,
      pointsCredited: Math.max(0, points),
      annual: active?.interval === "year",
      balance: credit.balance,
    });
  }
  return true;
}

/**
 * Credits every annual month that has come due (daily, and on demand in
 * tests with `now`). A subscription that is no longer active or trialing
 * gets no further months; one that is past due waits until it is paid.
 */
export async function creditDueAnnualMonths(now = new Date()): Promise<number> {
  const { data: due } = await db.entities.userSubscription.query
    .byCreditDue({ creditState: "due" })
    .lte({ nextCreditAt: now.toISOString() })
    .go({ pages: "all" });
  let credited = 0;
  for (const sub of due) {
    const month = sub.monthsCredited ?? 1;
    const ended = !["active", "trialing", "past_due"].includes(sub.status) || month >= ANNUAL_CREDIT_MONTHS;
    if (ended || !sub.creditInvoiceId || !sub.creditPeriodStart || !sub.creditPointsPerMonth) {
      await db.entities.userSubscription.patch({ userId: sub.userId }).remove(["creditState", "nextCreditAt"]).go();
      continue;
    }
    if (sub.status === "past_due") continue;
    const next = month + 1;
    const result = await db.transaction
      .write((tx) => [
        ...creditItems(tx, {
          userId: sub.userId,
          delta: sub.creditPointsPerMonth!,
          reason: "subscription",
          referenceId: sub.creditInvoiceId,
          comment: `${planLabel(sub.priceId)}: month ${next} of ${ANNUAL_CREDIT_MONTHS}`,
          idempotencyKey: annualMonthKey(sub.creditInvoiceId!, month),
        }),
        tx.userSubscription
          .patch({ userId: sub.userId })
          .set({ monthsCredited: next, nextCreditAt: addMonthsUtc(new Date(sub.creditPeriodStart!), next).toISOString() })
          .where((a, { eq }) => eq(a.monthsCredited, month))
          .commit(),
      ])
      .go();
    if (!result.canceled) credited++;
    if (next >= ANNUAL_CREDIT_MONTHS && !result.canceled) {
      await db.entities.userSubscription.patch({ userId: sub.userId }).remove(["creditState", "nextCreditAt"]).go();
    }
  }
  return credited;
}
