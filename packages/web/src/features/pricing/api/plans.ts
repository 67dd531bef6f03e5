import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export interface SubscriptionPlan {
  id: string;
  name: string;
  /** Cents. */
  monthlyPrice: number;
  annualPrice: number;
  /** Stripe lookup keys (docs/decisions.md#subscriptions). */
  monthlyPriceId: string;
  annualPriceId: string;
  pointsPerMonth: number;
}

/** docs/product.md#constants: retail is $3 per 100 points (one page). */
export { RETAIL_CENTS_PER_PAGE } from "@storyboard/core/catalog/plans";
export const PLAN_ORDER = ["test", "starter", "pro", "studio", "agency"];

export const plansQueryOptions = () =>
  queryOptions({ queryKey: ["subscription-plans"], queryFn: () => api.get<SubscriptionPlan[]>("/api/subscriptions") });

export const usePlans = () => useQuery(plansQueryOptions());

export function sortPlans(plans: SubscriptionPlan[]): SubscriptionPlan[] {
  const rank = (p: SubscriptionPlan) => {
    const i = PLAN_ORDER.indexOf(p.id);
    return i === -1 ? PLAN_ORDER.length : i;
  };
  return [...plans].sort((a, b) => rank(a) - rank(b));
}
