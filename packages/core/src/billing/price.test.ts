import { CATALOG_PRICES, PLANS, priceLookupKey } from "../catalog/plans";
import {
  annualSavingsPercent,
  centsPerPage,
  normalizePurchaseDollars,
  percentOffRetail,
  planForPriceId,
  pointsForDollars,
  pointsPerDollar,
  pricePerPageCents,
  missingPointsPurchase,
} from "./price";

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

describe("page prices in cents", () => {
  it("shows whole cents per page", () => {
    expect(pricePerPageCents(null)).toBe(300);
    expect(pricePerPageCents(plan("agency"))).toBe(240);
  });
  it("unknown price ids are retail", () => {
    expect(planForPriceId("price_unknown")).toBeNull();
  });
});

describe("plan discounts shown on Pricing", () => {
  it("percent off retail from the page price", () => {
    expect(percentOffRetail(plan("starter"))).toBe(10);
    expect(percentOffRetail(plan("pro"))).toBe(15);
    expect(percentOffRetail(plan("studio"))).toBe(20);
    expect(percentOffRetail(plan("agency"))).toBe(20);
    // Annual: the monthly discount and the annual saving together (Pro: 204 of 300 cents).
    expect(percentOffRetail(plan("pro", "year"))).toBe(32);
  });
  it("annual saving computed from twelve monthly prices ('Save up to 20%')", () => {
    for (const p of PLANS) expect(annualSavingsPercent(p)).toBe(20);
    expect(annualSavingsPercent({ ...PLANS[2], annualPrice: PLANS[2].monthlyPrice * 12 })).toBe(0);
    expect(annualSavingsPercent({ ...PLANS[2], annualPrice: Math.round(PLANS[2].monthlyPrice * 12 * 0.9) })).toBe(10);
  });
  it("points per dollar per plan", () => {
    expect(pointsPerDollar(null)).toBeCloseTo(33.33, 2);
    expect(pointsPerDollar(plan("starter"))).toBeCloseTo(37.04, 2);
    expect(pointsPerDollar(plan("pro"))).toBeCloseTo(39.22, 2);
    expect(pointsPerDollar(plan("studio"))).toBeCloseTo(41.67, 2);
    expect(pointsPerDollar(plan("pro", "year"))).toBeCloseTo(49.02, 2);
    expect(pointsPerDollar(plan("test"))).toBe(100);
  });
  it("every plan's price ids are its lookup keys", () => {
    expect(PLANS.find((p) => p.id === "pro")).toMatchObject({
      monthlyPriceId: priceLookupKey("pro", "month"),
      annualPriceId: "storyboard_pro_annual",
    });
    expect(CATALOG_PRICES).toHaveLength(PLANS.length * 2);
    expect(CATALOG_PRICES.find((p) => p.lookupKey === "storyboard_pro_annual")).toMatchObject({ unitAmount: 73440, interval: "year" });
  });
});

describe("a render by card pays only what is missing (docs/decisions.md#a-render-by-card-pays-only-what-is-missing)", () => {
  it("buys the missing points at the page price, rounded up to a cent, at least Stripe's minimum", () => {
    expect(missingPointsPurchase(1700, 613, null)).toEqual({ missing: 1087, cents: 3261, points: 1087 });
    // Pro annual: 204 cents a page; 1,087 points are $22.17 and a fraction, so $22.18 buys 1,087.
    expect(missingPointsPurchase(1700, 613, plan("pro", "year"))).toEqual({ missing: 1087, cents: 2218, points: 1087 });
    expect(missingPointsPurchase(300, 295, null)).toEqual({ missing: 5, cents: 50, points: 16 });
    expect(missingPointsPurchase(300, -20, null)).toEqual({ missing: 300, cents: 900, points: 300 });
    expect(missingPointsPurchase(300, 400, null).missing).toBe(0);
  });
});
