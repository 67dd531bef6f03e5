/**
 * No path through the plans yields more points per dollar than a plan's own
 * rate (docs/decisions.md#upgrades-credit-what-was-paid-for): new
 * subscriptions, upgrades at day 0, 15 and 29.5 of a 30-day month, monthly →
 * annual, downgrades and points purchases at every rate. Invoices are built as
 * Stripe prorates them: each line the price times the share left, to the cent.
 */
import { PLANS } from "../catalog/plans";
import { invoiceCredit, periodPoints, periodPrice, type InvoiceLine } from "./invoice-credit";
import { planChange } from "./plan-change";
import { type ActivePlan, MAX_PURCHASE_DOLLARS, MIN_PURCHASE_DOLLARS, planForPriceId, pointsForDollars, PURCHASE_STEP_DOLLARS } from "./price";

const PRICES: ActivePlan[] = PLANS.flatMap((p) => [planForPriceId(p.monthlyPriceId)!, planForPriceId(p.annualPriceId)!]);
/** Points per cent of one whole period of the price. */
const rate = (a: ActivePlan) => periodPoints(a) / periodPrice(a);
/** The best public plan's own rate (the Test plan is for admins only and priced for testing). */
const BEST_PUBLIC_RATE = Math.max(...PRICES.filter((a) => !a.plan.adminOnly).map(rate));
const DAYS = [0, 15, 29.5];
const EPS = 1e-9;

const line = (priceId: string, amount: number, proration: boolean): InvoiceLine => ({ priceId, amount, proration });

/** The invoice of changing `from` → `to` on `day` of a 30-day period (a year of 365 days for an annual one). */
function changeInvoice(from: ActivePlan, to: ActivePlan, day: number): InvoiceLine[] {
  const periodDays = from.interval === "year" ? 365 : 30;
  const left = (periodDays - day) / periodDays;
  const unused = -Math.round(periodPrice(from) * left);
  // A change of interval restarts the period: the new price is charged in full.
  if (from.interval !== to.interval) return [line(from.priceId, unused, true), line(to.priceId, periodPrice(to), false)];
  return [line(from.priceId, unused, true), line(to.priceId, Math.round(periodPrice(to) * left), true)];
}

const paidBy = (lines: InvoiceLine[]) => lines.reduce((sum, l) => sum + l.amount, 0);
/** Points a price eventually credits for one paid period (an annual price: twelve months). */
const pointsOfPeriod = (a: ActivePlan) => periodPoints(a);

describe("points per dollar never beat the plan's own rate", () => {
  it("a new subscription credits its first month, and a whole period at exactly the plan's rate", () => {
    for (const a of PRICES) {
      const credit = invoiceCredit("subscription_create", [line(a.priceId, periodPrice(a), false)], null);
      expect(credit.points).toBe(a.plan.pointsPerMonth);
      expect(credit.points / periodPrice(a)).toBeLessThanOrEqual(rate(a) + EPS);
    }
  });

  const upgrades = PRICES.flatMap((from) => PRICES.filter((to) => planChange(from.priceId, to.priceId) === "upgrade").map((to) => [from, to] as const));

  it.each(DAYS)("every upgrade on day %s credits at most what its charge buys at the new plan's rate", (day) => {
    expect(upgrades.length).toBeGreaterThan(20);
    for (const [from, to] of upgrades) {
      const lines = changeInvoice(from, to, day);
      const { points } = invoiceCredit("subscription_update", lines, to.priceId);
      const paid = paidBy(lines);
      expect(points, `${from.priceId} → ${to.priceId}`).toBeGreaterThanOrEqual(0);
      if (paid <= 0) expect(points).toBe(0);
      else expect(points / paid, `${from.priceId} → ${to.priceId} on day ${day}`).toBeLessThanOrEqual(rate(to) + EPS);
    }
  });

  it.each(DAYS)("a whole path (subscribe, upgrade on day %s, then the rest of the new period) stays within the best plan's rate", (day) => {
    for (const [from, to] of upgrades) {
      if (from.plan.adminOnly || to.plan.adminOnly) continue;
      const lines = changeInvoice(from, to, day);
      const upgradePoints = invoiceCredit("subscription_update", lines, to.priceId).points;
      // An annual period started by the change credits eleven more months later.
      const later = from.interval !== to.interval ? pointsOfPeriod(to) - to.plan.pointsPerMonth : 0;
      const points = from.plan.pointsPerMonth + upgradePoints + later;
      const paid = periodPrice(from) + paidBy(lines);
      expect(points / paid, `${from.priceId} → ${to.priceId} on day ${day}`).toBeLessThanOrEqual(BEST_PUBLIC_RATE + EPS);
      expect(points / paid).toBeLessThanOrEqual(Math.max(rate(from), rate(to)) + EPS);
    }
  });

  it("the issue's example: Starter, Agency on day 29.5, is paid for at Agency's rate at most", () => {
    const starter = planForPriceId("storyboard_starter_monthly")!;
    const agency = planForPriceId("storyboard_agency_monthly")!;
    const lines = changeInvoice(starter, agency, 29.5);
    expect(paidBy(lines)).toBe(755);
    const { points } = invoiceCredit("subscription_update", lines, agency.priceId);
    expect(points).toBe(314); // not 19,000: 755 cents buy 314 points at Agency's 20,000 for $480
  });

  it("monthly → annual on day 29.5 credits the first annual month less the half day given back", () => {
    const monthly = planForPriceId("storyboard_starter_monthly")!;
    const annual = planForPriceId("storyboard_starter_annual")!;
    const lines = changeInvoice(monthly, annual, 29.5);
    expect(paidBy(lines)).toBe(25875);
    const credit = invoiceCredit("subscription_update", lines, annual.priceId);
    expect(credit).toEqual({ points: 983, priceId: annual.priceId, startsPeriod: true });
  });

  it("a downgrade credits nothing now; the next period credits the new plan at its own rate", () => {
    for (const from of PRICES) {
      for (const to of PRICES.filter((t) => planChange(from.priceId, t.priceId) === "downgrade")) {
        const renewal = invoiceCredit("subscription_cycle", [line(to.priceId, periodPrice(to), false)], to.priceId);
        expect(renewal.points / periodPrice(to)).toBeLessThanOrEqual(rate(to) + EPS);
        const points = from.plan.pointsPerMonth + renewal.points;
        expect(points / (periodPrice(from) + periodPrice(to))).toBeLessThanOrEqual(Math.max(rate(from), rate(to)) + EPS);
      }
    }
  });

  it("points purchases at every rate never beat the plan's own rate (retail without one)", () => {
    for (const active of [null, ...PRICES]) {
      const best = active ? rate(active) : 100 / 300;
      for (let dollars = MIN_PURCHASE_DOLLARS; dollars <= MAX_PURCHASE_DOLLARS; dollars += PURCHASE_STEP_DOLLARS) {
        const points = pointsForDollars(dollars, active);
        expect(points / (dollars * 100), `${active?.priceId ?? "retail"} $${dollars}`).toBeLessThanOrEqual(best + EPS);
        if (!active?.plan.adminOnly) expect(points / (dollars * 100)).toBeLessThanOrEqual(BEST_PUBLIC_RATE + EPS);
      }
    }
  });
});
