import { db } from "@storyboard/core/dynamo/service";
import { createTestUser, eventually } from "@storyboard/local/test/fixtures";
import { balanceOf, confirmCard, deliverSigned, get, mailsTo, post, settle } from "./test-support";

/** Points bought by card through the Stripe stand-in and its webhook (docs/product.md#payments). */
describe("buying points", () => {
  it("credits the points through the webhook, lists the payment and the card, and mails a receipt", async () => {
    const user = await createTestUser({ points: 500 });
    const intent = await post(user, "/api/create-payment-intent-v2", { amount: 20 });
    expect(intent.status).toBe(200);
    expect(intent.body).toMatchObject({ amount: 2000, points: 666, dollars: 20 });
    expect(intent.body.clientSecret).toMatch(/^pi_.+_secret_/);

    const confirmed = await confirmCard(intent.body.clientSecret, { number: "4242424242424242" });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe("succeeded");

    await eventually(async () => (await balanceOf(user)) === 1166);
    const { records } = await get(user, "/api/points/ledger");
    const purchase = records.find((r: { reason: string }) => r.reason === "purchase");
    expect(purchase).toMatchObject({ delta: 666, comment: "Purchased 666 points" });

    const payments = await get(user, "/api/payments");
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      id: purchase.referenceId,
      amount: 2000,
      currency: "USD",
      status: "paid",
      paymentMethod: "Visa •••• 4242",
      description: "666 points",
    });

    const cards = await get(user, "/api/payment-methods");
    expect(cards).toEqual([expect.objectContaining({ brand: "Visa", last4: "4242", exp_month: 12 })]);

    // One customer, recorded on the user and in payment_processor_ids.
    const { data: stored } = await db.entities.user.get({ userId: user.userId }).go();
    expect(stored?.stripeCustomerId).toMatch(/^cus_/);
    const { data: links } = await db.entities.paymentProcessorId.query.byInternal({ internalId: user.userId }).go();
    expect(links).toEqual([expect.objectContaining({ type: "customer", externalId: stored?.stripeCustomerId })]);

    const receipt = await eventually(async () => (await mailsTo(user.email)).find((m) => m.subject.includes("receipt")));
    expect(receipt.subject).toContain("$20.00");
    expect(receipt.body.text).toContain("666 points were added");

    // A second purchase reuses the customer.
    const again = await post(user, "/api/create-payment-intent-v2", { amount: 10 });
    await confirmCard(again.body.clientSecret, "pm_card_visa");
    await eventually(async () => (await balanceOf(user)) === 1499);
    const { data: after } = await db.entities.user.get({ userId: user.userId }).go();
    expect(after?.stripeCustomerId).toBe(stored?.stripeCustomerId);
    expect(await get(user, "/api/payments")).toHaveLength(2);
  });

  it("credits once when the same event arrives five times at once, and again later", async () => {
    const user = await createTestUser({ points: 0 });
    const { body } = await post(user, "/api/create-payment-intent-v2", { amount: 30 });
    await confirmCard(body.clientSecret, "pm_card_visa");
    const event = {
      id: `evt_dup_${body.paymentIntentId}`,
      type: "payment_intent.succeeded",
      object: { id: body.paymentIntentId, object: "payment_intent" },
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliverSigned(event)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    await settle();
    await deliverSigned(event);
    expect(await balanceOf(user)).toBe(1000);
    const { records } = await get(user, "/api/points/ledger");
    expect(records.filter((r: { reason: string }) => r.reason === "purchase")).toHaveLength(1);
    expect(await get(user, "/api/payments")).toHaveLength(1);
  });

  it("refuses a forged signature with a 400 and changes nothing", async () => {
    const user = await createTestUser({ points: 0 });
    const { body } = await post(user, "/api/create-payment-intent-v2", { amount: 10 });
    // Not confirmed: a forged "succeeded" for it must not credit anything.
    const event = { type: "payment_intent.succeeded", object: { id: body.paymentIntentId, object: "payment_intent", status: "succeeded" } };
    const forged = await deliverSigned(event, "whsec_not_the_real_secret");
    expect(forged.status).toBe(400);
    const unsigned = await fetch(new URL("/api/stripe/webhook", process.env.API_URL), {
      method: "POST",
      body: JSON.stringify({ type: "payment_intent.succeeded" }),
    });
    expect(unsigned.status).toBe(400);
    // Even correctly signed, a payload that lies is not trusted: the intent is re-fetched.
    expect((await deliverSigned(event)).status).toBe(200);
    expect(await balanceOf(user)).toBe(0);
    expect(await get(user, "/api/payments")).toEqual([]);
  });

  it("a declined card gives a clear card error and credits nothing", async () => {
    const user = await createTestUser({ points: 0 });
    const { body } = await post(user, "/api/create-payment-intent-v2", { amount: 10 });
    const declined = await confirmCard(body.clientSecret, "pm_card_chargeDeclined");
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ type: "card_error", code: "card_declined" });
    expect(declined.body.error.message).toMatch(/declined/i);
    const byNumber = await confirmCard(body.clientSecret, { number: "4000000000000002" });
    expect(byNumber.body.error).toMatchObject({ type: "card_error" });
    await settle();
    expect(await balanceOf(user)).toBe(0);
    expect(await get(user, "/api/payments")).toEqual([]);
    expect((await mailsTo(user.email)).filter((m) => m.subject.includes("receipt"))).toEqual([]);
  });

  it("follows the payment preference for the receipt", async () => {
    const user = await createTestUser({ points: 0 });
    await db.entities.user
      .patch({ userId: user.userId })
      .set({ notificationPreferences: { payment: false } })
      .go();
    const { body } = await post(user, "/api/create-payment-intent-v2", { amount: 10 });
    await confirmCard(body.clientSecret, "pm_card_visa");
    await eventually(async () => (await balanceOf(user)) === 333);
    await settle(500);
    expect(await mailsTo(user.email)).toEqual([]);
  });
});

describe("points purchase amounts (docs/decisions.md#payments)", () => {
  it("rounds dollars down to steps of $10, never below $10, and points down at retail", async () => {
    const user = await createTestUser();
    const cases: [unknown, number, number][] = [
      [10, 1000, 333],
      [25, 2000, 666],
      [39.99, 3000, 1000],
      [5, 1000, 333],
      ["40", 4000, 1333],
    ];
    for (const [amount, cents, points] of cases) {
      const { status, body } = await post(user, "/api/create-payment-intent-v2", { amount });
      expect(status, String(amount)).toBe(200);
      expect(body, String(amount)).toMatchObject({ amount: cents, points });
    }
    expect((await post(user, "/api/create-payment-intent-v2", { amount: "ten" })).status).toBe(400);
    expect((await post(user, "/api/create-payment-intent-v2", { amount: 10_000 })).status).toBe(400);
  });

  it("converts at the plan's page price for a subscriber", async () => {
    const user = await createTestUser();
    await db.entities.userSubscription
      .put({ userId: user.userId, subscriptionId: `sub_${user.userId}`, priceId: "storyboard_pro_monthly", status: "active" })
      .go();
    const { body } = await post(user, "/api/create-payment-intent-v2", { amount: 20 });
    expect(body).toMatchObject({ amount: 2000, points: 784 }); // 2000 / 255 × 100 = 784.3
    await db.entities.userSubscription.patch({ userId: user.userId }).set({ status: "canceled" }).go();
    expect((await post(user, "/api/create-payment-intent-v2", { amount: 20 })).body.points).toBe(666);
  });

  it("GET /api/env names the publishable key and, offline, the stand-in the browser confirms against", async () => {
    const env = await (await fetch(new URL("/api/env", process.env.API_URL))).json();
    expect(env.STRIPE_PUBLISHABLE_KEY).toMatch(/^pk_/);
    expect(env.STRIPE_API_URL).toBe(process.env.STRIPE_API_URL);
    expect(JSON.stringify(env)).not.toContain(process.env.STRIPE_SECRET_KEY!);
  });

  it("needs a signed-in user", async () => {
    const res = await fetch(new URL("/api/create-payment-intent-v2", process.env.API_URL), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"amount":10}',
    });
    expect(res.status).toBe(401);
    expect((await fetch(new URL("/api/payments", process.env.API_URL))).status).toBe(401);
  });
});
