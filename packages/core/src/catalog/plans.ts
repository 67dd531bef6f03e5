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

const plan = (id: string, name: string, monthlyPrice: number, pointsPerMonth: number, adminOnly = false): PlanDefinition => ({
  id,
  name,
  monthlyPrice,
  annualPrice: Math.round(monthlyPrice * 12 * (1 - ANNUAL_DISCOUNT)),
  monthlyPriceId: `storyboard_${id}_monthly`,
  annualPriceId: `storyboard_${id}_annual`,
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
