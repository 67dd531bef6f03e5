/**
 * The pricing math of payments and subscriptions (docs/product.md#payments,
 * docs/product.md#constants): how many points a dollar buys and what a render
 * costs in cents, at retail or at the rate of the buyer's plan. Rounding rules
 * are in docs/decisions.md#payments. Browser-safe: the buy-points dialog and
 * the prepare screen show the same numbers; `rates.ts` adds the subscriber lookup.
 */
import { PLANS, type PlanInterval, RETAIL_CENTS_PER_PAGE, type PlanDefinition } from "../catalog/plans";
import { POINTS_PER_PAGE } from "../render/pricing";

export type BillingInterval = PlanInterval;

/** The plan a subscriber pays through, as pricing needs it. */
export interface ActivePlan {
  plan: PlanDefinition;
  priceId: string;
  interval: BillingInterval;
}

/** Points purchases: at least $10, in steps of $10 (docs/product.md#points). */
export const MIN_PURCHASE_DOLLARS = 10;
export const PURCHASE_STEP_DOLLARS = 10;
/** Our own ceiling on one purchase, far below Stripe's; a bigger buyer can buy twice. */
export const MAX_PURCHASE_DOLLARS = 5000;

/** The catalogue plan and interval a Stripe price id (a lookup key) belongs to, or null. */
export function planForPriceId(priceId: string): ActivePlan | null {
  for (const plan of PLANS) {
    if (plan.monthlyPriceId === priceId) return { plan, priceId, interval: "month" };
    if (plan.annualPriceId === priceId) return { plan, priceId, interval: "year" };
  }
  return null;
}

/**
 * The price of one page (100 points) in cents: retail 300, or what the plan
 * charges per page over its billing period (annual: the annual price over
 * twelve months of points). May be fractional; callers round as documented.
 */
export function centsPerPage(active: ActivePlan | null): number {
  if (!active) return RETAIL_CENTS_PER_PAGE;
  const pagesPerMonth = active.plan.pointsPerMonth / POINTS_PER_PAGE;
  if (pagesPerMonth <= 0) return RETAIL_CENTS_PER_PAGE;
  const price = active.interval === "year" ? active.plan.annualPrice / 12 : active.plan.monthlyPrice;
  return price / pagesPerMonth;
}

/**
 * A plan's discount on retail in whole percent, as the Pricing cards show it
 * (docs/product.md#subscriptions): 1 − page price ÷ retail, rounded to the
 * nearest percent. Annual billing adds its own saving on top.
 */
export const percentOffRetail = (active: ActivePlan) => Math.round((1 - centsPerPage(active) / RETAIL_CENTS_PER_PAGE) * 100);

/** What annual billing saves against twelve monthly payments, in whole percent ('Save up to 20%' is the largest). */
export function annualSavingsPercent(plan: PlanDefinition): number {
  const twelveMonths = plan.monthlyPrice * 12;
  return twelveMonths > 0 ? Math.round((1 - plan.annualPrice / twelveMonths) * 100) : 0;
}

/** Points one dollar buys at this rate (retail 33.33…; not rounded: display only). */
export const pointsPerDollar = (active: ActivePlan | null) => (100 * POINTS_PER_PAGE) / centsPerPage(active);

/** The per-page price shown to subscribers, in whole cents (rounded to the nearest cent). */
export const pricePerPageCents = (active: ActivePlan | null) => Math.round(centsPerPage(active));

/**
 * Amount of a points purchase in whole dollars: rounded down to a multiple of
 * $10, never below $10. Not a number → null (the caller answers 400).
 */
export function normalizePurchaseDollars(amount: number): number | null {
  if (typeof amount !== "number" || !Number.isFinite(amount)) return null;
  const stepped = Math.floor(amount / PURCHASE_STEP_DOLLARS) * PURCHASE_STEP_DOLLARS;
  return Math.max(MIN_PURCHASE_DOLLARS, stepped);
}

/**
 * Points bought with `dollars`: dollars × 100 points per page price, rounded
 * DOWN to a whole point (retail $20 → 666, never 667: we never give away a
 * fraction of a point the buyer did not pay for).
 */
export function pointsForDollars(dollars: number, active: ActivePlan | null): number {
  return pointsAtPagePrice(dollars, centsPerPage(active));
}

/** The same, at a known page price in cents (the web knows the subscriber's `pricePerPage`, not the plan). */
export function pointsAtPagePrice(dollars: number, pagePriceCents: number): number {
  const cents = Math.round(dollars * 100);
  // A tiny epsilon guards binary fractions of a fractional page price (e.g. 204.0000001).
  return Math.floor((cents * POINTS_PER_PAGE) / pagePriceCents + 1e-9);
}

/** Stripe's smallest charge in US dollars, in cents. */
export const MIN_CARD_CHARGE_CENTS = 50;

/** What the card pays on 'Complete Your Purchase'. */
export interface MissingPointsPurchase {
  /** Points the balance lacks for the render. */
  missing: number;
  /** The charge, in cents: the missing points at the page price, rounded up, at least Stripe's minimum. */
  cents: number;
  /** Points the charge buys (never fewer than `missing`; more only when the minimum charge buys more). */
  points: number;
}

/**
 * A render the balance cannot cover is bought by card for the points it lacks
 * (docs/decisions.md#a-render-by-card-pays-only-what-is-missing): the missing
 * points at the buyer's page price, rounded UP to a cent and never below
 * Stripe's minimum charge; the render is then debited from the balance whole.
 */
export function missingPointsPurchase(cost: number, balance: number, active: ActivePlan | null): MissingPointsPurchase {
  const missing = Math.max(0, cost - Math.max(0, balance));
  const pagePrice = centsPerPage(active);
  const cents = Math.max(MIN_CARD_CHARGE_CENTS, Math.ceil((missing * pagePrice) / POINTS_PER_PAGE - 1e-9));
  return { missing, cents, points: pointsAtPagePrice(cents / 100, pagePrice) };
}
