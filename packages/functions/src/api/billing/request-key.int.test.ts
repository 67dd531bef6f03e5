import { randomUUID } from "node:crypto";
import { stripe } from "@storyboard/core/billing/stripe";
import { db } from "@storyboard/core/dynamo/service";
import { eventually, type TestUser } from "@storyboard/local/test/fixtures";
import { balanceOf, confirmCard, hasSubscriptionPrices, jsonHeaders, settle, subscribed, userOnClock } from "./test-support";

/**
 * docs/decisions.md#subscription-requests-keyed-by-the-client: subscribe,
 * change and cancel sent again with the same Idempotency-Key (a timeout's
 * retry, a double click) change the subscription once and answer the same.
 */
const standIn = await hasSubscriptionPrices();

async function send(user: TestUser, method: "POST" | "PUT" | "DELETE", key: string, body?: unknown) {
  const res = await user.call("/api/userSubscription", {
    method,
    headers: { ...jsonHeaders, "idempotency-key": key },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const subscriptionIdOf = async (user: TestUser) =>
  (await db.entities.userSubscription.get({ userId: user.userId }).go()).data!.subscriptionId;

describe.skipIf(!standIn)("subscription requests keyed by the client's Idempotency-Key", () => {
  it("subscribe sent twice with one key: one subscription, the same answer", async () => {
    const { user, customer } = await userOnClock();
    const key = randomUUID();
    const [first, second] = await Promise.all([
      send(user, "POST", key, { priceId: "storyboard_starter_monthly" }),
      send(user, "POST", key, { priceId: "storyboard_starter_monthly" }),
    ]);
    expect(first.status).toBe(200);
    expect(second).toEqual(first);
    expect((await stripe().subscriptions.list({ customer, status: "all" })).data).toHaveLength(1);
    // The key sent with another request is refused, and nothing changes.
    const other = await send(user, "POST", key, { priceId: "storyboard_pro_monthly" });
    expect(other).toMatchObject({ status: 400, body: { message: expect.stringContaining("Idempotency-Key was already used") } });
    expect((await stripe().subscriptions.list({ customer, status: "all" })).data).toHaveLength(1);
    expect((await confirmCard(first.body.clientSecret, "pm_card_visa")).body.status).toBe("succeeded");
    await eventually(async () => (await balanceOf(user)) === 1000);
  });

  it("an upgrade sent twice at once and once more later: charged and credited once, every answer the same", async () => {
    const { user, advance } = await subscribed("storyboard_starter_monthly", 1000);
    await advance(15);
    const subscriptionId = await subscriptionIdOf(user);
    const key = randomUUID();
    const body = { priceId: "storyboard_pro_monthly" };
    const [first, second] = await Promise.all([send(user, "PUT", key, body), send(user, "PUT", key, body)]);
    expect(first.status).toBe(200);
    expect(first.body.userSubscription).toMatchObject({ priceId: "storyboard_pro_monthly" });
    expect(second).toEqual(first);
    await eventually(async () => (await balanceOf(user)) > 1000);
    await settle();
    const credited = await balanceOf(user);
    expect(await send(user, "PUT", key, body)).toEqual(first);
    await settle();
    expect(await balanceOf(user)).toBe(credited);
    const invoices = (await stripe().invoices.list({ subscription: subscriptionId })).data;
    expect(invoices.filter((i) => i.billing_reason === "subscription_update")).toHaveLength(1);
    // Stripe got a key derived from the client's for the change itself.
    const events = (await stripe().events.list({ type: "customer.subscription.updated", limit: 100 })).data;
    expect(events.map((e) => e.request?.idempotency_key)).toContain(`subscription-request:${user.userId}:${key}:upgrade`);
  });

  it("cancel sent twice: cancelled once, the retry answers what the first did; a bad key is refused before anything", async () => {
    const { user } = await subscribed("storyboard_starter_monthly", 1000);
    const bad = await send(user, "DELETE", "no");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("Idempotency-Key");
    const key = randomUUID();
    const first = await send(user, "DELETE", key);
    expect(first).toMatchObject({ status: 200, body: { userSubscription: { cancelAtPeriodEnd: true } } });
    // Undone by another request, the retry of the first still answers what the first did and cancels nothing again.
    const keep = await send(user, "PUT", randomUUID(), { priceId: "storyboard_starter_monthly" });
    expect(keep.body.userSubscription).toMatchObject({ cancelAtPeriodEnd: false });
    expect(await send(user, "DELETE", key)).toEqual(first);
    expect((await stripe().subscriptions.retrieve(await subscriptionIdOf(user))).cancel_at_period_end).toBe(false);
  });
});
