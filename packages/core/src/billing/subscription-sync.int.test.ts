/**
 * The sync and credit rules against DynamoDB Local, with Stripe's answers
 * scripted in memory: what our code does with what Stripe says. The wire
 * itself is covered against the stand-in (subscriptions.int.test.ts).
 */
import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import { withActor } from "../actor";
import { db } from "../dynamo/service";
import { createTestUser } from "@storyboard/local/test/fixtures";
import { creditDueAnnualMonths } from "./subscription-credits";
import { subscriptionEventHandlers } from "./subscription-events";

const objects = new Map<string, any>();
const prices: Record<string, string> = {
  price_pro_m: "storyboard_pro_monthly",
  price_pro_y: "storyboard_pro_annual",
  price_starter_m: "storyboard_starter_monthly",
};
/** When set, the next subscription fetch reads now but answers only once the gate opens (a slow webhook). */
let slowFetch: Promise<void> | null = null;
const fake = {
  subscriptions: {
    retrieve: async (id: string) => {
      const read = structuredClone(objects.get(id));
      const gate = slowFetch;
      slowFetch = null;
      if (gate) await gate;
      return read;
    },
  },
  subscriptionSchedules: { retrieve: async (id: string) => structuredClone(objects.get(id)) },
  invoices: { retrieve: async (id: string) => structuredClone(objects.get(id)) },
  invoicePayments: { list: async () => ({ data: [] }) },
  prices: { retrieve: async (id: string) => ({ id, object: "price", lookup_key: prices[id] }) },
};
vi.mock("./stripe", () => ({ stripe: () => fake }));

const T0 = Math.floor(Date.parse("2026-01-15T10:00:00Z") / 1000);
const MONTH = 30 * 24 * 3600;

function subscription(userId: string, over: Record<string, unknown> = {}, price = "price_pro_m") {
  const id = `sub_${randomUUID().slice(0, 8)}`;
  const sub = {
    id,
    object: "subscription",
    status: "active",
    created: T0,
    customer: "cus_x",
    metadata: { userId },
    cancel_at_period_end: false,
    cancel_at: null,
    schedule: null,
    items: {
      data: [{ id: "si_1", price: { id: price, lookup_key: prices[price] }, current_period_start: T0, current_period_end: T0 + MONTH }],
    },
    ...over,
  };
  objects.set(id, sub);
  return sub;
}

function invoice(subId: string, reason: string, price: string, amount: number, status = "paid") {
  const id = `in_${randomUUID().slice(0, 8)}`;
  objects.set(id, {
    id,
    object: "invoice",
    status,
    billing_reason: reason,
    amount_paid: status === "paid" ? amount : 0,
    currency: "usd",
    attempt_count: 1,
    next_payment_attempt: T0 + 3 * 24 * 3600,
    parent: { subscription_details: { subscription: subId } },
    lines: {
      data: [
        {
          amount,
          pricing: { price_details: { price } },
          parent: { subscription_item_details: { proration: false } },
          period: { start: T0, end: T0 + MONTH },
        },
      ],
    },
  });
  return id;
}

const event = (type: string, object: { id: string }): Stripe.Event =>
  ({ id: `evt_${randomUUID()}`, type, created: T0, data: { object } }) as unknown as Stripe.Event;
const handle = (type: string, object: { id: string }) =>
  withActor({ type: "system", reason: "test" }, () => subscriptionEventHandlers[type as Stripe.Event.Type]!(event(type, object)));
const subjectsTo = async (email: string) => {
  const { emails } = (await (await fetch(`${process.env.SES_URL}/store`)).json()) as {
    emails: { destination: { to: string[] }; subject: string }[];
  };
  return emails.filter((m) => m.destination.to.includes(email)).map((m) => m.subject);
};
const pointsOf = async (userId: string) => (await db.entities.user.get({ userId }).go()).data!.points;
const record = async (userId: string) => (await db.entities.userSubscription.get({ userId }).go()).data;

describe("subscription sync and credits", () => {
  it("a paid first invoice credits the plan's month once, however often its event arrives, and keeps every event", async () => {
    const user = await createTestUser({ points: 0 });
    const sub = subscription(user.userId);
    const inv = invoice(sub.id, "subscription_create", "price_pro_m", 7650);
    await Promise.all(Array.from({ length: 5 }, () => handle("invoice.paid", { id: inv })));
    expect(await pointsOf(user.userId)).toBe(3000);
    expect(await record(user.userId)).toMatchObject({
      subscriptionId: sub.id,
      priceId: "storyboard_pro_monthly",
      status: "active",
      cancelAtPeriodEnd: false,
    });
    const { data: payments } = await db.entities.payment.query.byUser({ userId: user.userId }).go();
    expect(payments).toEqual([expect.objectContaining({ paymentId: inv, amount: 7650, status: "paid" })]);
    const { data: events } = await db.entities.subscriptionEvent.query.byUser({ userId: user.userId }).go();
    expect(events).toHaveLength(5);
    expect(events[0].rawData).toMatchObject({ id: inv });
    expect((await subjectsTo(user.email)).filter((s) => s.includes("Pro (monthly) subscription has started"))).toHaveLength(1);
  });

  it("a failed renewal and an unpaid invoice credit nothing", async () => {
    const user = await createTestUser({ points: 0 });
    const sub = subscription(user.userId, { status: "past_due" });
    const inv = invoice(sub.id, "subscription_cycle", "price_pro_m", 7650, "open");
    await handle("invoice.payment_failed", { id: inv });
    await handle("invoice.payment_failed", { id: inv });
    await handle("invoice.paid", { id: inv });
    expect((await subjectsTo(user.email)).filter((s) => s.includes("could not renew"))).toHaveLength(1);
    expect(await pointsOf(user.userId)).toBe(0);
    expect((await record(user.userId))?.status).toBe("past_due");
  });

  it("a schedule's next phase is the pending downgrade until the schedule is released; order of events does not matter", async () => {
    const user = await createTestUser({ points: 0 });
    const sub = subscription(user.userId);
    const schedule = {
      id: `sub_sched_${randomUUID().slice(0, 6)}`,
      object: "subscription_schedule",
      status: "active",
      subscription: sub.id,
      released_subscription: null,
      current_phase: { start_date: T0, end_date: T0 + MONTH },
      phases: [
        { start_date: T0, end_date: T0 + MONTH, items: [{ price: "price_pro_m" }] },
        { start_date: T0 + MONTH, end_date: T0 + 2 * MONTH, items: [{ price: "price_starter_m" }] },
      ],
    };
    objects.set(schedule.id, schedule);
    objects.get(sub.id).schedule = schedule.id;
    await handle("subscription_schedule.updated", schedule);
    await handle("customer.subscription.created", sub);
    expect(await record(user.userId)).toMatchObject({
      priceId: "storyboard_pro_monthly",
      pendingPriceId: "storyboard_starter_monthly",
      scheduleId: schedule.id,
    });
    schedule.status = "released";
    objects.get(sub.id).schedule = null;
    await handle("subscription_schedule.released", schedule);
    const after = await record(user.userId);
    expect(after?.pendingPriceId).toBeUndefined();
    expect(after?.scheduleId).toBeUndefined();
  });

  it("a late event of an old, canceled subscription never replaces the live one", async () => {
    const user = await createTestUser({ points: 0 });
    const old = subscription(user.userId, { status: "canceled", created: T0 - MONTH });
    const live = subscription(user.userId);
    await handle("customer.subscription.updated", live);
    await handle("customer.subscription.deleted", old);
    expect((await record(user.userId))?.subscriptionId).toBe(live.id);
  });

  it("a slow webhook that read the subscription before a plan change never writes the old plan back over the new one", async () => {
    const user = await createTestUser({ points: 0 });
    const sub = subscription(user.userId);
    await handle("customer.subscription.created", sub);
    let open!: () => void;
    slowFetch = new Promise<void>((resolve) => (open = resolve));
    const slow = handle("customer.subscription.updated", sub);
    await new Promise((resolve) => setTimeout(resolve, 20));
    objects.get(sub.id).items.data[0].price = { id: "price_starter_m", lookup_key: prices.price_starter_m };
    await handle("customer.subscription.updated", sub);
    open();
    await slow;
    expect((await record(user.userId))?.priceId).toBe("storyboard_starter_monthly");
  });

  it("an annual plan credits its first month with the invoice and each following month once, twelve in all", async () => {
    const user = await createTestUser({ points: 0 });
    const sub = subscription(user.userId, {}, "price_pro_y");
    await handle("invoice.paid", { id: invoice(sub.id, "subscription_create", "price_pro_y", 73440) });
    expect(await pointsOf(user.userId)).toBe(3000);
    const start = new Date(T0 * 1000);
    const at = (months: number, days = 1) =>
      new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, start.getUTCDate() + days));
    await creditDueAnnualMonths(at(0, 20)); // not yet due
    expect(await pointsOf(user.userId)).toBe(3000);
    await creditDueAnnualMonths(at(1));
    await creditDueAnnualMonths(at(1));
    expect(await pointsOf(user.userId)).toBe(6000);
    for (let m = 2; m <= 14; m++) await creditDueAnnualMonths(at(m));
    expect(await pointsOf(user.userId)).toBe(12 * 3000);
    expect((await record(user.userId))?.creditState).toBeUndefined();
  });
});
