/**
 * The subscription plans (docs/product.md#subscriptions; prices not given there, so ours).
 * Retail is $3 a page (100 points); plans discount the monthly price per
 * page, and annual billing saves a further 20% on twelve months. Price ids
 * are Stripe lookup keys, so each stage's Stripe account maps them to its
 * own prices. Browser-safe.
 */
export interface PlanDefinition {
  id: string;
  name: string;
  /** Cents. */
  monthlyPrice: number;
  annualPrice: number;
  monthlyPriceId: string;
  annualPriceId: string;
  pointsPerMonth: number;
  /** Only admins see it (the Test plan). */
  adminOnly?: boolean;
}

export const RETAIL_CENTS_PER_PAGE = 300;
export const ANNUAL_DISCOUNT = 0.2;

export type PlanInterval = "month" | "year";

/** The Stripe lookup key of a plan's price: `storyboard_pro_monthly`, `storyboard_pro_annual`. Our API's price ids are these keys. */
export const priceLookupKey = (planId: string, interval: PlanInterval) =>
  `storyboard_${planId}_${interval === "month" ? "monthly" : "annual"}`;

const plan = (id: string, name: string, monthlyPrice: number, pointsPerMonth: number, adminOnly = false): PlanDefinition => ({
  id,
  name,
  monthlyPrice,
  annualPrice: Math.round(monthlyPrice * 12 * (1 - ANNUAL_DISCOUNT)),
  monthlyPriceId: priceLookupKey(id, "month"),
  annualPriceId: priceLookupKey(id, "year"),
  pointsPerMonth,
  adminOnly,
});

/** In the spec's order: test, starter, pro, studio, agency. */
export const PLANS: readonly PlanDefinition[] = [
  plan("test", "Test", 100, 100, true),
  plan("starter", "Starter", 2700, 1000),
  plan("pro", "Pro", 7650, 3000),
  plan("studio", "Studio", 12000, 5000),
  plan("agency", "Agency", 48000, 20000),
];

/** One Stripe price of the catalogue, as a Stripe account (or the local stand-in) must hold it. */
export interface CatalogPrice {
  lookupKey: string;
  planId: string;
  /** The product's name in Stripe: "Storyboard Pro". */
  productName: string;
  /** Cents per interval. */
  unitAmount: number;
  interval: PlanInterval;
}

/** Every price of every plan, monthly then annual. */
export const CATALOG_PRICES: readonly CatalogPrice[] = PLANS.flatMap((p) =>
  (["month", "year"] as const).map((interval) => ({
    lookupKey: priceLookupKey(p.id, interval),
    planId: p.id,
    productName: `Storyboard ${p.name}`,
    unitAmount: interval === "month" ? p.monthlyPrice : p.annualPrice,
    interval,
  })),
);
