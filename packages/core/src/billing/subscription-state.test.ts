import type Stripe from "stripe";
import { pendingPhasePrice, replacesStored, snapshotOf } from "./subscription-state";

const sub = (over: Partial<Stripe.Subscription> = {}) =>
  ({
    id: "sub_1",
    status: "active",
    created: 1_700_000_000,
    cancel_at_period_end: false,
    cancel_at: null,
    items: { data: [{ id: "si_1", current_period_start: 1_700_000_000, current_period_end: 1_702_592_000 }] },
    ...over,
  }) as unknown as Stripe.Subscription;

const schedule = (status: string, phases: { start: number; end: number; price: string }[], current = phases[0]) =>
  ({
    id: "sub_sched_1",
    status,
    current_phase: current ? { start_date: current.start, end_date: current.end } : null,
    phases: phases.map((p) => ({ start_date: p.start, end_date: p.end, items: [{ price: p.price }] })),
  }) as unknown as Stripe.SubscriptionSchedule;

describe("what a subscription means for our record", () => {
  it("takes status, price and the period from the item", () => {
    expect(snapshotOf(sub(), "u1", { current: "storyboard_pro_monthly", pending: null }, null)).toEqual({
      userId: "u1",
      subscriptionId: "sub_1",
      priceId: "storyboard_pro_monthly",
      pendingPriceId: undefined,
      scheduleId: undefined,
      status: "active",
      currentPeriodStart: "2023-11-14T22:13:20.000Z",
      currentPeriodEnd: "2023-12-14T22:13:20.000Z",
      cancelAtPeriodEnd: false,
      subscriptionCreatedAt: "2023-11-14T22:13:20.000Z",
    });
  });
  it("a pending price equal to the current one is no pending change; cancel_at at the period end is a cancellation", () => {
    const s = snapshotOf(sub({ cancel_at: 1_702_592_000 }), "u1", { current: "a", pending: "a" }, "sub_sched_1");
    expect(s.pendingPriceId).toBeUndefined();
    expect(s.cancelAtPeriodEnd).toBe(true);
  });
  it("the schedule's next phase is the pending downgrade, only while the schedule runs", () => {
    const phases = [
      { start: 1, end: 100, price: "price_pro" },
      { start: 100, end: 200, price: "price_starter" },
    ];
    expect(pendingPhasePrice(schedule("active", phases))).toBe("price_starter");
    expect(pendingPhasePrice(schedule("released", phases))).toBeNull();
    expect(pendingPhasePrice(schedule("active", phases.slice(0, 1)))).toBeNull();
    expect(pendingPhasePrice(null)).toBeNull();
  });
});

describe("which subscription the user's one record follows", () => {
  const rec = (subscriptionId: string, status: string, subscriptionCreatedAt: string) => ({
    subscriptionId,
    status,
    subscriptionCreatedAt,
  });
  it("the same subscription always replaces, whatever the order of events", () => {
    expect(replacesStored(rec("sub_1", "active", "2026-01-01"), rec("sub_1", "incomplete", "2026-01-01"))).toBe(true);
    expect(replacesStored(null, rec("sub_1", "incomplete", "2026-01-01"))).toBe(true);
  });
  it("an old canceled subscription's late event never hides a live one", () => {
    expect(replacesStored(rec("sub_new", "active", "2026-02-01"), rec("sub_old", "canceled", "2026-01-01"))).toBe(false);
    expect(replacesStored(rec("sub_old", "canceled", "2026-01-01"), rec("sub_new", "active", "2026-02-01"))).toBe(true);
  });
  it("between two alike, the newer wins", () => {
    expect(replacesStored(rec("sub_a", "incomplete", "2026-01-01"), rec("sub_b", "incomplete", "2026-01-02"))).toBe(true);
    expect(replacesStored(rec("sub_b", "incomplete", "2026-01-02"), rec("sub_a", "incomplete", "2026-01-01"))).toBe(false);
  });
});
