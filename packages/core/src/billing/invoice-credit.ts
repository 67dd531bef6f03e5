/**
 * How many points a paid subscription invoice credits (docs/product.md#subscriptions,
 * docs/decisions.md#upgrades-credit-what-was-paid-for). Pure, so the rules are unit-tested:
 * - the first invoice and each renewal credit the plan's `pointsPerMonth`;
 * - an upgrade within the period credits the difference between the plans'
 *   points for the period times the share of the period left (read from the
 *   prorated line: its amount over the new price), rounded down, and never
 *   more than the amount charged buys at the new plan's own rate;
 * - a change of interval (monthly → annual) restarts the period and is paid in
 *   full: it credits the new plan's first month, less the points of the
 *   unused share of the old period that Stripe gave back as money (rounded up);
 * - an annual plan's invoice credits its first month; the other eleven follow
 *   monthly (`subscription-credits.ts`).
 */
import type { PlanInterval } from "../catalog/plans";
import { type ActivePlan, planForPriceId } from "./price";

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
  /** True when the invoice starts a new billing period (a first invoice, a renewal, a change of interval). */
  startsPeriod: boolean;
}

const pointsOf = (priceId: string | null) => (priceId ? (planForPriceId(priceId)?.plan.pointsPerMonth ?? 0) : 0);

/** Months of points one billing period of the price grants. */
const monthsIn = (interval: PlanInterval) => (interval === "year" ? 12 : 1);

/** Cents of one billing period of the price. */
export const periodPrice = (active: ActivePlan) => (active.interval === "year" ? active.plan.annualPrice : active.plan.monthlyPrice);

/** Points of one whole billing period of the price (an annual price: twelve months). */
export const periodPoints = (active: ActivePlan) => active.plan.pointsPerMonth * monthsIn(active.interval);

/** The most points `cents` may buy at the plan's own rate (rounded down). */
export const pointsAtPlanRate = (cents: number, active: ActivePlan) =>
  periodPrice(active) > 0 ? Math.floor((Math.max(0, cents) * periodPoints(active)) / periodPrice(active) + 1e-9) : 0;

/** The share (0…1) of a period a prorated line stands for: its amount over the price of a whole period. */
const shareOf = (amount: number, active: ActivePlan) =>
  periodPrice(active) > 0 ? Math.min(1, Math.abs(amount) / periodPrice(active)) : 0;

/** Points of an upgrade's invoice (see the file's comment for the rule). */
export function upgradeCredit(lines: InvoiceLine[], subscriptionPriceId: string | null): InvoiceCredit {
  const charged = lines.filter((l) => l.amount > 0 && l.priceId);
  const newPriceId = charged.map((l) => l.priceId).sort((a, b) => pointsOf(b) - pointsOf(a))[0] ?? subscriptionPriceId;
  const credited = lines.find((l) => l.amount < 0 && l.proration && l.priceId);
  const target = newPriceId ? planForPriceId(newPriceId) : null;
  const current = credited?.priceId ? planForPriceId(credited.priceId) : null;
  if (!target || !current) return { points: 0, priceId: newPriceId, startsPeriod: false };
  const paid = lines.reduce((sum, l) => sum + l.amount, 0);
  const cap = pointsAtPlanRate(paid, target);
  if (target.interval !== current.interval) {
    // The period restarts and the new one is paid in full; the unused share of the old one came back as money.
    const givenBack = Math.ceil(periodPoints(current) * shareOf(credited!.amount, current) - 1e-9);
    return { points: Math.max(0, Math.min(cap, target.plan.pointsPerMonth - givenBack)), priceId: newPriceId, startsPeriod: true };
  }
  const newLine = charged.find((l) => l.priceId === newPriceId && l.proration) ?? charged.find((l) => l.priceId === newPriceId);
  const share = newLine ? shareOf(newLine.amount, target) : 0;
  const difference = periodPoints(target) - periodPoints(current);
  const points = Math.floor(Math.max(0, difference) * share + 1e-9);
  return { points: Math.max(0, Math.min(cap, points)), priceId: newPriceId, startsPeriod: false };
}

export function invoiceCredit(billingReason: string | null, lines: InvoiceLine[], subscriptionPriceId: string | null): InvoiceCredit {
  const charged = lines.filter((l) => l.amount > 0 && l.priceId);
  if (billingReason === "subscription_create" || billingReason === "subscription_cycle" || billingReason === "subscription") {
    const priceId = charged.find((l) => !l.proration)?.priceId ?? charged[0]?.priceId ?? subscriptionPriceId;
    return { points: pointsOf(priceId), priceId, startsPeriod: true };
  }
  if (billingReason === "subscription_update") return upgradeCredit(lines, subscriptionPriceId);
  return { points: 0, priceId: null, startsPeriod: false };
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
