import { addInterval } from "./time";

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe("billing periods of the Stripe stand-in", () => {
  it("keeps the anchor's day of the month, clamped to short months, as Stripe does", () => {
    const anchor = at("2027-01-31T12:00:00Z");
    const feb = addInterval(anchor, "month", 1, anchor);
    expect(iso(feb)).toBe("2027-02-28T12:00:00.000Z");
    expect(iso(addInterval(feb, "month", 1, anchor))).toBe("2027-03-31T12:00:00.000Z");
    expect(iso(addInterval(at("2028-02-29T00:00:00Z"), "year"))).toBe("2029-02-28T00:00:00.000Z");
    expect(iso(addInterval(anchor, "week", 2))).toBe("2027-02-14T12:00:00.000Z");
  });
});
