import { hasRole } from "../actor";
import { PLANS } from "../catalog/plans";
import { db } from "../dynamo/service";

/** The plans as `GET /api/subscriptions` lists them; the Test plan only for admins (docs/product.md#roles). */
export async function listPlans() {
  const { data } = await db.entities.plan.query.byList({ list: "plans" }).go({ pages: "all" });
  const admin = hasRole("admin");
  return data
    .filter((p) => admin || !p.adminOnly)
    .map((p) => ({
      id: p.planId,
      name: p.name,
      monthlyPrice: p.monthlyPrice,
      annualPrice: p.annualPrice,
      monthlyPriceId: p.monthlyPriceId,
      annualPriceId: p.annualPriceId,
      pointsPerMonth: p.pointsPerMonth,
    }));
}

/** Writes the plan catalogue (idempotent: same ids overwrite). */
export async function seedPlans() {
  await db.entities.plan
    .put(PLANS.map((p, position) => ({ planId: p.id, list: "plans", position, name: p.name, monthlyPrice: p.monthlyPrice, annualPrice: p.annualPrice, monthlyPriceId: p.monthlyPriceId, annualPriceId: p.annualPriceId, pointsPerMonth: p.pointsPerMonth, adminOnly: p.adminOnly ?? false })))
    .go();
}
