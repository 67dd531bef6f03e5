/**
 * The pricing both payments and subscriptions use (docs/product.md#payments):
 * the pure math of `price.ts` (browser-safe, re-exported here) and the plan a
 * user pays through.
 */
import { db } from "../dynamo/service";
import { type ActivePlan, planForPriceId } from "./price";

export * from "./price";

/** Subscription statuses that earn the plan's rate. */
const RATE_STATUSES = new Set(["active", "trialing"]);

/** The plan whose rate the user pays: an active or trialing subscription's, else null (retail). */
export async function activePlanFor(userId: string): Promise<ActivePlan | null> {
  const { data } = await db.entities.userSubscription.get({ userId }).go();
  if (!data || !RATE_STATUSES.has(data.status)) return null;
  return planForPriceId(data.priceId);
}
