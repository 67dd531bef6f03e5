import { PLANS } from "../catalog/plans";
import { centsPerPage, normalizePurchaseDollars, planForPriceId, pointsForDollars, pricePerPageCents, renderPriceCents } from "./price";

const plan = (id: string, interval: "month" | "year" = "month") => {
  const p = PLANS.find((x) => x.id === id)!;
  return planForPriceId(interval === "month" ? p.monthlyPriceId : p.annualPriceId)!;
};

describe("points purchase amounts", () => {
  it("rounds down to multiples of $10 and never goes below $10", () => {
    expect(normalizePurchaseDollars(10)).toBe(10);
    expect(normalizePurchaseDollars(20)).toBe(20);
    expect(normalizePurchaseDollars(25)).toBe(20);
    expect(normalizePurchaseDollars(39.99)).toBe(30);
    expect(normalizePurchaseDollars(9)).toBe(10);
    expect(normalizePurchaseDollars(0)).toBe(10);
    expect(normalizePurchaseDollars(-50)).toBe(10);
    expect(normalizePurchaseDollars(Number.NaN)).toBeNull();
  });
});

describe("points for dollars", () => {
  it("retail: $3 per 100 points, rounded down", () => {
    expect(pointsForDollars(10, null)).toBe(333);
    expect(pointsForDollars(20, null)).toBe(666);
    expect(pointsForDollars(30, null)).toBe(1000);
    expect(pointsForDollars(100, null)).toBe(3333);
  });
  it("subscribers convert at their plan's price per page", () => {
    expect(centsPerPage(plan("starter"))).toBe(270);
    expect(pointsForDollars(27, plan("starter"))).toBe(1000);
    expect(pointsForDollars(10, plan("starter"))).toBe(370); // 370.37…
    expect(centsPerPage(plan("pro"))).toBe(255);
    expect(pointsForDollars(20, plan("pro"))).toBe(784); // 784.31…
    expect(centsPerPage(plan("pro", "year"))).toBeCloseTo(204, 9);
    expect(pointsForDollars(102, plan("pro", "year"))).toBe(5000);
    expect(pointsForDollars(10, plan("test"))).toBe(1000);
  });
});

describe("render price in cents", () => {
  it("is pages × the page price, at least one page, pages rounded up", () => {
    expect(renderPriceCents(17, null)).toBe(5100);
    expect(renderPriceCents(0, null)).toBe(300);
    expect(renderPriceCents(2.2, null)).toBe(900);
    expect(renderPriceCents(17, plan("pro"))).toBe(4335);
    expect(renderPriceCents(3, plan("studio", "year"))).toBe(576);
  });
  it("shows whole cents per page", () => {
    expect(pricePerPageCents(null)).toBe(300);
    expect(pricePerPageCents(plan("agency"))).toBe(240);
  });
  it("unknown price ids are retail", () => {
    expect(planForPriceId("price_unknown")).toBeNull();
  });
});
