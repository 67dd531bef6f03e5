import { stripe } from "@storyboard/core/billing/stripe";
import { db } from "@storyboard/core/dynamo/service";
import { createTestUser, eventually, type TestUser } from "@storyboard/local/test/fixtures";
import { balanceOf, call, deliverSigned, get, hasSubscriptionPrices, mailsTo, post, settle, subscribed, subscriptionOf } from "./test-support";

/** docs/decisions.md#subscriptions: what the server decides before it ever asks Stripe. */
describe("subscription requests Stripe never sees", () => {
  it("refuses the Test plan to non-admins and unknown prices, and answers no subscription plainly", async () => {
    const user = await createTestUser();
    for (const priceId of ["storyboard_test_monthly", "price_made_up"]) {
      const res = await post(user, "/api/userSubscription", { priceId });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("This plan is not available.");
    }
    expect((await post(user, "/api/userSubscription", {})).body.message).toBe("Choose a plan.");
    expect(await get(user, "/api/user/subscription")).toEqual({ userSubscription: null, points: 500 });
    expect((await post(user, "/api/userSubscription/estimate", { priceId: "storyboard_pro_monthly" })).status).toBe(409);
    expect((await call(user, "PUT", "/api/userSubscription", { priceId: "storyboard_pro_monthly" })).body.message).toBe(
      "You have no subscription to change.",
    );
    expect((await call(user, "DELETE", "/api/userSubscription")).body.message).toBe("You have no subscription to cancel.");
    expect((await fetch(new URL("/api/user/subscription", process.env.API_URL))).status).toBe(401);
    const { data: stored } = await db.entities.userSubscription.get({ userId: user.userId }).go();
    expect(stored).toBeNull();
  });
});

/**
 * Against the local Stripe stand-in with its test clocks; without a stand-in that
 * knows subscriptions these say so and skip.
 */
const standIn = await hasSubscriptionPrices();
if (!standIn) console.warn("Subscription tests against Stripe skipped: no stand-in with our plans' prices at STRIPE_API_URL.");

const subscriptionLedger = async (user: TestUser) =>
  (await get(user, "/api/points/ledger")).records.filter((r: { reason: string }) => r.reason === "subscription");

describe.skipIf(!standIn)("subscriptions against the Stripe stand-in", () => {
  it("subscribe, then pay: the first points arrive once, the mail says it started", async () => {
    const { user } = await subscribed("storyboard_pro_monthly", 3000);
    const sub = await subscriptionOf(user);
    expect(sub).toMatchObject({ planName: "Pro", pricePerPage: 255, interval: "month", cancelAtPeriodEnd: false, pendingPriceId: null });
    const { data: record } = await db.entities.userSubscription.get({ userId: user.userId }).go();
    const invoiceId = (await stripe().subscriptions.retrieve(record!.subscriptionId)).latest_invoice as string;
    for (let i = 0; i < 3; i++)
      await deliverSigned({
        type: "invoice.paid",
        object: { id: invoiceId, object: "invoice", parent: { subscription_details: { subscription: record!.subscriptionId } } },
      });
    await settle();
    expect(await balanceOf(user)).toBe(3000);
    expect(await subscriptionLedger(user)).toHaveLength(1);
    expect((await get(user, "/api/payments"))[0]).toMatchObject({ id: invoiceId, amount: 7650, status: "paid" });
    await eventually(async () => (await mailsTo(user.email)).find((m) => m.subject.includes("subscription has started")));
  });

  it("a renewal credits once, even when its event arrives 5 times", async () => {
    const { user, advance } = await subscribed("storyboard_starter_monthly", 1000);
    await advance(32);
    await eventually(async () => (await balanceOf(user)) === 2000, 30_000);
    const { data: record } = await db.entities.userSubscription.get({ userId: user.userId }).go();
    const invoiceId = (await stripe().subscriptions.retrieve(record!.subscriptionId)).latest_invoice as string;
    const object = { id: invoiceId, object: "invoice", parent: { subscription_details: { subscription: record!.subscriptionId } } };
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliverSigned({ type: "invoice.paid", object })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await settle();
    expect(await balanceOf(user)).toBe(2000);
    expect(await subscriptionLedger(user)).toHaveLength(2);
  });

  it("an upgrade charges the prorated amount the estimate showed, now", async () => {
    const { user, advance } = await subscribed("storyboard_pro_monthly", 3000);
    await advance(10);
    const estimate = await post(user, "/api/userSubscription/estimate", { priceId: "storyboard_studio_monthly" });
    expect(estimate.body).toMatchObject({ change: "upgrade", effectiveAt: null });
    expect(estimate.body.estimate).toBeGreaterThan(0);
    expect(estimate.body.estimate).toBeLessThan(12000 - 7650);
    const changed = await call(user, "PUT", "/api/userSubscription", {
      priceId: "storyboard_studio_monthly",
      prorationDate: estimate.body.prorationDate,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.userSubscription).toMatchObject({ priceId: "storyboard_studio_monthly", planName: "Studio" });
    const { data: record } = await db.entities.userSubscription.get({ userId: user.userId }).go();
    const invoice = await stripe().invoices.retrieve(
      (await stripe().subscriptions.retrieve(record!.subscriptionId)).latest_invoice as string,
    );
    expect(invoice.amount_paid).toBe(estimate.body.estimate);
    // A third of the month gone: two thirds of the 2,000 more, at most what the charge buys at Studio's rate.
    expect(estimate.body.points).toBe(Math.min(1333, Math.floor((estimate.body.estimate * 5000) / 12000)));
    await eventually(async () => (await balanceOf(user)) === 3000 + estimate.body.points);
  });

  it("a downgrade applies only at the period's end, and a second downgrade replaces the first", async () => {
    const { user, advance } = await subscribed("storyboard_studio_monthly", 5000);
    const first = await call(user, "PUT", "/api/userSubscription", { priceId: "storyboard_pro_monthly" });
    expect(first.body.userSubscription).toMatchObject({ priceId: "storyboard_studio_monthly", pendingPriceId: "storyboard_pro_monthly" });
    const second = await call(user, "PUT", "/api/userSubscription", { priceId: "storyboard_starter_monthly" });
    expect(second.body.userSubscription).toMatchObject({
      priceId: "storyboard_studio_monthly",
      pendingPriceId: "storyboard_starter_monthly",
    });
    await advance(15);
    await settle();
    expect(await subscriptionOf(user)).toMatchObject({
      priceId: "storyboard_studio_monthly",
      pendingPriceId: "storyboard_starter_monthly",
    });
    await advance(17);
    await eventually(async () => (await subscriptionOf(user))?.priceId === "storyboard_starter_monthly", 30_000);
    expect((await subscriptionOf(user)).pendingPriceId).toBeNull();
    await eventually(async () => (await balanceOf(user)) === 6000);
  });

  it("cancel keeps purchased points and the plan until the period's end", async () => {
    const { user, advance } = await subscribed("storyboard_pro_monthly", 3000);
    const cancelled = await call(user, "DELETE", "/api/userSubscription");
    expect(cancelled.body.userSubscription).toMatchObject({ cancelAtPeriodEnd: true, priceId: "storyboard_pro_monthly" });
    await eventually(async () => (await mailsTo(user.email)).find((m) => m.subject.includes("is cancelled")));
    await advance(32);
    await eventually(async () => (await subscriptionOf(user)) === null, 30_000);
    expect(await balanceOf(user)).toBe(3000);
  });

  it("events delivered out of order (updated before created) end in the right state, each kept with its raw data", async () => {
    const { user } = await subscribed("storyboard_pro_monthly", 3000);
    const { data: record } = await db.entities.userSubscription.get({ userId: user.userId }).go();
    await db.entities.userSubscription.delete({ userId: user.userId }).go();
    const object = { id: record!.subscriptionId, object: "subscription", status: "incomplete" };
    expect((await deliverSigned({ id: `evt_upd_${user.userId}`, type: "customer.subscription.updated", object })).status).toBe(200);
    expect((await deliverSigned({ id: `evt_cre_${user.userId}`, type: "customer.subscription.created", object })).status).toBe(200);
    expect(await subscriptionOf(user)).toMatchObject({ priceId: "storyboard_pro_monthly", status: "active" });
    const { data: events } = await db.entities.subscriptionEvent.query.byUser({ userId: user.userId }).go();
    const ours = events.filter((e) => e.eventId.endsWith(user.userId));
    expect(ours.map((e) => e.eventType).sort()).toEqual(["customer.subscription.created", "customer.subscription.updated"]);
    expect(ours[0].rawData).toMatchObject({ id: record!.subscriptionId });
    expect(await balanceOf(user)).toBe(3000);
  });

  it("a failed renewal credits nothing, mails the user, and refuses plan changes while past due", async () => {
    const { user, customer, advance } = await subscribed("storyboard_pro_monthly", 3000);
    const { data: record } = await db.entities.userSubscription.get({ userId: user.userId }).go();
    // A card that attaches but declines every charge, made as Stripe.js makes it (publishable key).
    const made = await fetch(`${process.env.STRIPE_API_URL}/v1/payment_methods`, {
      method: "POST",
      headers: { authorization: `Bearer ${process.env.STRIPE_PUBLISHABLE_KEY}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        type: "card",
        "card[number]": "4000000000000341",
        "card[exp_month]": "12",
        "card[exp_year]": "2034",
        "card[cvc]": "123",
      }),
    });
    const failing = await stripe().paymentMethods.attach(((await made.json()) as { id: string }).id, { customer });
    await stripe().subscriptions.update(record!.subscriptionId, { default_payment_method: failing.id });
    await advance(32);
    await eventually(async () => (await subscriptionOf(user))?.status === "past_due", 30_000);
    await eventually(async () => (await mailsTo(user.email)).find((m) => m.subject.includes("could not renew")));
    expect(await balanceOf(user)).toBe(3000);
    const refused = await call(user, "PUT", "/api/userSubscription", { priceId: "storyboard_studio_monthly" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Your last subscription payment did not go through. Update your card before changing your plan.");
    expect((await subscriptionOf(user)).pricePerPage).toBe(300);
  });

  it("a downgrade then an upgrade: the pending downgrade is dropped and the upgrade applies now; the same price again is refused", async () => {
    const { user } = await subscribed("storyboard_pro_monthly", 3000);
    const down = await call(user, "PUT", "/api/userSubscription", { priceId: "storyboard_starter_monthly" });
    expect(down.body.userSubscription.pendingPriceId).toBe("storyboard_starter_monthly");
    const up = await call(user, "PUT", "/api/userSubscription", { priceId: "storyboard_studio_monthly" });
    expect(up.status).toBe(200);
    expect(up.body.userSubscription).toMatchObject({ priceId: "storyboard_studio_monthly", pendingPriceId: null });
    const again = await call(user, "PUT", "/api/userSubscription", { priceId: "storyboard_studio_monthly" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You are already on this plan.");
    // Day 0: the whole 2,000 more, capped at Studio's rate for the 4,350 cents charged.
    await eventually(async () => (await balanceOf(user)) === 3000 + Math.floor((4350 * 5000) / 12000));
  });
});
