/**
 * How many points a paid subscription invoice credits (docs/product.md#subscriptions,
 * docs/decisions.md#subscriptions). Pure, so the rules are unit-tested:
 * - the first invoice and each renewal credit the plan's `pointsPerMonth`;
 * - an upgrade's prorated invoice credits the difference between the new and
 *   the old plan's months (the old month was credited already); a time
 *   upgrade (same plan, annual) credits nothing now;
 * - an annual plan's invoice credits its first month; the other eleven follow
 *   monthly (`subscription-credits.ts`).
 */
import { planForPriceId } from "./price";

/** One line of an invoice, its price already turned into our price id. */
export interface InvoiceLine {
  priceId: string | null;
  amount: number;
  proration: boolean;
}

export interface InvoiceCredit {
  points: number;
  /** Our price id of the plan the invoice is for (the new one for an upgrade). */
  priceId: string | null;
}

const pointsOf = (priceId: string | null) => (priceId ? (planForPriceId(priceId)?.plan.pointsPerMonth ?? 0) : 0);

export function invoiceCredit(billingReason: string | null, lines: InvoiceLine[], subscriptionPriceId: string | null): InvoiceCredit {
  const charged = lines.filter((l) => l.amount > 0 && l.priceId);
  if (billingReason === "subscription_create" || billingReason === "subscription_cycle" || billingReason === "subscription") {
    const priceId = charged.find((l) => !l.proration)?.priceId ?? charged[0]?.priceId ?? subscriptionPriceId;
    return { points: pointsOf(priceId), priceId };
  }
  if (billingReason === "subscription_update") {
    const newPrice = charged.map((l) => l.priceId).sort((a, b) => pointsOf(b) - pointsOf(a))[0] ?? subscriptionPriceId;
    const oldPrice = lines.find((l) => l.amount < 0 && l.proration && l.priceId)?.priceId ?? null;
    if (!oldPrice) return { points: 0, priceId: newPrice };
    return { points: Math.max(0, pointsOf(newPrice) - pointsOf(oldPrice)), priceId: newPrice };
  }
  return { points: 0, priceId: null };
}

/** `start` plus `months` calendar months in UTC, the day clamped to the month's end (Jan 31 + 1 → Feb 28/29). */
export function addMonthsUtc(start: Date, months: number): Date {
  const target = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  target.setUTCHours(start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds());
  return target;
}

/** Months an annual invoice spreads its points over. */
export const ANNUAL_CREDIT_MONTHS = 12;
