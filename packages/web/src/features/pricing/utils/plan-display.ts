import { planChange } from "@storyboard/core/billing/plan-change";
import { annualSavingsPercent, centsPerPage, percentOffRetail } from "@storyboard/core/billing/price";
import type { PlanDefinition } from "@storyboard/core/catalog/plans";
import { format } from "date-fns";
import type { SubscriptionPlan } from "../api/plans";
import type { UserSubscription } from "../api/subscription";

export type Interval = "month" | "year";

const active = (plan: SubscriptionPlan, interval: Interval) => ({
  plan: plan as PlanDefinition,
  priceId: interval === "month" ? plan.monthlyPriceId : plan.annualPriceId,
  interval,
});

export const priceIdOf = (plan: SubscriptionPlan, interval: Interval) => (interval === "month" ? plan.monthlyPriceId : plan.annualPriceId);

/** What a plan card shows for one billing interval (docs/product.md#subscriptions). */
export function planFigures(plan: SubscriptionPlan, interval: Interval) {
  const pages = Math.floor(plan.pointsPerMonth / 100);
  return {
    pages,
    /** Cents a month: the annual price over twelve when billed annually. */
    perMonth: interval === "month" ? plan.monthlyPrice : Math.round(plan.annualPrice / 12),
    perPage: Math.round(centsPerPage(active(plan, interval))),
    percentOff: percentOffRetail(active(plan, interval)),
    annualSavings: annualSavingsPercent(plan as PlanDefinition),
  };
}

/** The largest annual saving of the listed plans: the toggle's 'Save up to N%'. */
export const maxAnnualSavings = (plans: SubscriptionPlan[]) => Math.max(0, ...plans.map((p) => annualSavingsPercent(p as PlanDefinition)));

export type CardAction = "subscribe" | "current" | "upgrade" | "downgrade" | "keep";

/** What the card's button does for this user: subscribe, or change relative to the current plan. */
export function cardAction(priceId: string, current: UserSubscription | null | undefined): CardAction {
  if (!current) return "subscribe";
  if (priceId === current.priceId) return current.pendingPriceId || current.cancelAtPeriodEnd ? "keep" : "current";
  return planChange(current.priceId, priceId) === "upgrade" ? "upgrade" : "downgrade";
}

export const longDate = (iso: string | null | undefined) => (iso ? format(new Date(iso), "MMM d, yyyy") : "the end of the period");
