/** The stand-in refuses what Stripe refuses: unknown parameters, removed expansions; and keeps no idempotent result for them. */
import { standInWithWebhook } from "./test-support";

let t: Awaited<ReturnType<typeof standInWithWebhook>>;
beforeAll(async () => {
  t = await standInWithWebhook();
});
afterAll(() => t.stop());

const post = async (path: string, form: Record<string, string>, headers: Record<string, string> = {}) => {
  const res = await fetch(`${t.standIn.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${t.standIn.secretKey}`, "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, body: (await res.json()) as any, replayed: res.headers.get("idempotent-replayed") };
};

describe("Stripe stand-in: parameters", () => {
  it("answers 400 parameter_unknown with the param, top-level and nested", async () => {
    const top = await post("/v1/customers", { email: "a@example.com", nickname: "x" });
    expect(top.status).toBe(400);
    expect(top.body.error).toMatchObject({
      type: "invalid_request_error",
      code: "parameter_unknown",
      param: "nickname",
      message: "Received unknown parameter: nickname",
    });
    const customer = await t.stripe.customers.create({ email: "a@example.com" });
    const [price] = (await t.stripe.prices.list({ lookup_keys: ["storyboard_starter_monthly"] })).data;
    const nested = await post("/v1/subscriptions", { customer: customer.id, "items[0][price]": price.id, "items[0][tax_rates]": "txr_1" });
    expect(nested.body.error).toMatchObject({ code: "parameter_unknown", param: "items[0][tax_rates]" });
    // Nothing was made by the refused calls.
    expect((await t.stripe.subscriptions.list({ customer: customer.id, status: "all" })).data).toEqual([]);
  });

  it("refuses an expansion Stripe removed, and one on a list without data.", async () => {
    const customer = await t.stripe.customers.create({ email: "b@example.com" });
    const [price] = (await t.stripe.prices.list({ lookup_keys: ["storyboard_starter_monthly"] })).data;
    const sub = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: "default_incomplete",
    });
    await expect(t.stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice.payment_intent"] })).rejects.toMatchObject({
      statusCode: 400,
      message: "This property cannot be expanded (payment_intent).",
    });
    const expanded = await t.stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice.confirmation_secret", "customer"] });
    expect(expanded.customer).toMatchObject({ id: customer.id });
    await expect(t.stripe.subscriptions.list({ customer: customer.id, expand: ["customer"] })).rejects.toMatchObject({ statusCode: 400 });
    const listed = await t.stripe.subscriptions.list({ customer: customer.id, expand: ["data.customer"] });
    expect(listed.data[0].customer).toMatchObject({ id: customer.id });
  });
});

describe("Stripe stand-in: idempotency", () => {
  it("stores no result for a request that failed validation, so the corrected retry runs", async () => {
    const key = `idem-${Date.now()}`;
    const bad = await post("/v1/customers", { email: "c@example.com", emial: "typo" }, { "idempotency-key": key });
    expect(bad.status).toBe(400);
    const good = await post("/v1/customers", { email: "c@example.com" }, { "idempotency-key": key });
    expect(good.status).toBe(200);
    expect(good.body.object).toBe("customer");
    const again = await post("/v1/customers", { email: "c@example.com" }, { "idempotency-key": key });
    expect(again).toMatchObject({ replayed: "true", body: { id: good.body.id } });
  });

  it("keeps a card decline: the same key answers the same 402", async () => {
    const intent = await t.stripe.paymentIntents.create({ amount: 1000, currency: "usd" });
    const key = `decline-${Date.now()}`;
    const first = await post(
      `/v1/payment_intents/${intent.id}/confirm`,
      { payment_method: "pm_card_chargeDeclined" },
      { "idempotency-key": key },
    );
    expect(first.status).toBe(402);
    const second = await post(
      `/v1/payment_intents/${intent.id}/confirm`,
      { payment_method: "pm_card_chargeDeclined" },
      { "idempotency-key": key },
    );
    expect(second).toMatchObject({ status: 402, replayed: "true" });
  });
});

describe("Stripe stand-in: attach", () => {
  it("attach takes a pm_card_* test token and makes a new card on the customer", async () => {
    const customer = await t.stripe.customers.create({ email: "d@example.com" });
    const pm = await t.stripe.paymentMethods.attach("pm_card_mastercard", { customer: customer.id });
    expect(pm).toMatchObject({ customer: customer.id, card: { brand: "mastercard", last4: "4444" } });
    expect(pm.id).not.toBe("pm_card_mastercard");
    await expect(t.stripe.paymentMethods.attach("pm_card_nothing", { customer: customer.id })).rejects.toMatchObject({ statusCode: 404 });
  });
});
