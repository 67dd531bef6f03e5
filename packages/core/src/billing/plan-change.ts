/**
 * What moving from one plan price to another is (docs/product.md#subscriptions,
 * docs/decisions.md#subscriptions): a higher plan, or the same plan billed
 * annually instead of monthly (a 'time upgrade'), is an upgrade that applies
 * now with a prorated charge; a lower plan, or annual back to monthly, is a
 * downgrade that waits for the period's end. Browser-safe: the Pricing dialog
 * titles itself with the same answer the server acts on.
 */
import { PLANS } from "../catalog/plans";
import { planForPriceId } from "./price";

export type PlanChange = "same" | "upgrade" | "downgrade";

const rank = (planId: string) => PLANS.findIndex((p) => p.id === planId);

/** null when either price is not one of the catalogue's. */
export function planChange(fromPriceId: string, toPriceId: string): PlanChange | null {
  const from = planForPriceId(fromPriceId);
  const to = planForPriceId(toPriceId);
  if (!from || !to) return null;
  if (from.priceId === to.priceId) return "same";
  if (from.plan.id !== to.plan.id) {
    // Plans are ordered by what they give; the price of the month decides a tie.
    const byRank = rank(to.plan.id) - rank(from.plan.id);
    const byPrice = to.plan.monthlyPrice - from.plan.monthlyPrice;
    return (byPrice !== 0 ? byPrice : byRank) > 0 ? "upgrade" : "downgrade";
  }
  return to.interval === "year" ? "upgrade" : "downgrade";
}
