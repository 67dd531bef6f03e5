/**
 * The pricing both payments and subscriptions use (docs/product.md#payments):
 * the pure math of `price.ts` (browser-safe, re-exported here) and the plan a
 * user pays through.
 */
import { db } from "../dynamo/service";
import { type ActivePlan, centsPerPage, planForPriceId, pointsAtPagePrice } from "./price";

export * from "./price";

/** Subscription statuses that earn the plan's rate. */
const RATE_STATUSES = new Set(["active", "trialing"]);

/** The plan whose rate the user pays: an active or trialing subscription's, else null (retail). */
export async function activePlanFor(userId: string): Promise<ActivePlan | null> {
  const { data } = await db.entities.userSubscription.get({ userId }).go();
  if (!data || !RATE_STATUSES.has(data.status)) return null;
  return planForPriceId(data.priceId);
}

/**
 * Points a paid intent credits (docs/decisions.md#discounts-end-with-the-plan):
 * what it promised, but never more than its amount buys at the rate in force
 * when its success is credited. An intent made at a subscriber's rate and
 * paid after the plan ended buys at retail.
 */
export async function pointsInForce(intent: { userId: string; amount: number; points: number }): Promise<number> {
  const atRateNow = pointsAtPagePrice(intent.amount / 100, centsPerPage(await activePlanFor(intent.userId)));
  return Math.min(intent.points, atRateNow);
}
