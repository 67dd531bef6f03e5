import { addMonthsUtc, invoiceCredit } from "./invoice-credit";

const line = (priceId: string | null, amount: number, proration = false) => ({ priceId, amount, proration });

describe("points of a paid subscription invoice", () => {
  it("the first invoice and each renewal credit the plan's points per month", () => {
    expect(invoiceCredit("subscription_create", [line("storyboard_pro_monthly", 7650)], null)).toMatchObject({
      points: 3000,
      priceId: "storyboard_pro_monthly",
    });
    expect(invoiceCredit("subscription_cycle", [line("storyboard_studio_monthly", 12000)], "storyboard_pro_monthly").points).toBe(5000);
    // An annual plan's invoice credits one month; the rest follow monthly.
    expect(invoiceCredit("subscription_create", [line("storyboard_pro_annual", 73440)], null).points).toBe(3000);
  });
  it("falls back to the subscription's price when the lines do not name one", () => {
    expect(invoiceCredit("subscription_cycle", [line(null, 2700)], "storyboard_starter_monthly")).toMatchObject({
      points: 1000,
      priceId: "storyboard_starter_monthly",
    });
  });
  it("an upgrade credits the difference of the plans' months times the share of the period left", () => {
    // Half the month left: Pro → Studio charges 6000 − 3825 = 2175 cents for half of 2,000 points.
    const lines = [line("storyboard_pro_monthly", -3825, true), line("storyboard_studio_monthly", 6000, true)];
    expect(invoiceCredit("subscription_update", lines, "storyboard_studio_monthly")).toEqual({
      points: 906, // 1,000 would beat Studio's rate: 2175 cents buy 906 points at 5,000 for $120
      priceId: "storyboard_studio_monthly",
      startsPeriod: false,
    });
    // Day 0: the whole difference.
    const whole = [line("storyboard_starter_monthly", -2700, true), line("storyboard_pro_monthly", 7650, true)];
    expect(invoiceCredit("subscription_update", whole, "storyboard_pro_monthly").points).toBe(1941);
  });
  it("a time upgrade (same plan, annual) restarts the period: its first month, less the unused old share", () => {
    const lines = [line("storyboard_pro_monthly", -3825, true), line("storyboard_pro_annual", 73440)];
    expect(invoiceCredit("subscription_update", lines, "storyboard_pro_annual")).toEqual({
      points: 1500,
      priceId: "storyboard_pro_annual",
      startsPeriod: true,
    });
  });
  it("other invoices credit nothing", () => {
    expect(invoiceCredit("manual", [line("storyboard_pro_monthly", 7650)], null).points).toBe(0);
    expect(invoiceCredit("subscription_update", [line("storyboard_pro_monthly", 100)], "storyboard_pro_monthly").points).toBe(0);
  });
});

describe("calendar months in UTC", () => {
  it("keeps the day and time, clamped to the month's end", () => {
    expect(addMonthsUtc(new Date("2026-01-15T10:30:00Z"), 1).toISOString()).toBe("2026-02-15T10:30:00.000Z");
    expect(addMonthsUtc(new Date("2026-01-31T00:00:00Z"), 1).toISOString()).toBe("2026-02-28T00:00:00.000Z");
    expect(addMonthsUtc(new Date("2026-11-30T12:00:00Z"), 3).toISOString()).toBe("2027-02-28T12:00:00.000Z");
    expect(addMonthsUtc(new Date("2027-12-31T00:00:00Z"), 2).toISOString()).toBe("2028-02-29T00:00:00.000Z");
  });
});
