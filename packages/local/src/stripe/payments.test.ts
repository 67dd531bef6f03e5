/** The Stripe stand-in's payments API, driven through the official `stripe` SDK as the server drives it. */
import Stripe from "stripe";
import { standInWithWebhook } from "./test-support";

let t: Awaited<ReturnType<typeof standInWithWebhook>>;
beforeAll(async () => {
  t = await standInWithWebhook();
});
afterAll(() => t.stop());

async function intentFor(amount = 2000) {
  const customer = await t.stripe.customers.create({ email: "writer@example.com", metadata: { userId: "u1" } });
  const intent = await t.stripe.paymentIntents.create({
    amount,
    currency: "usd",
    customer: customer.id,
    setup_future_usage: "on_session",
    metadata: { kind: "points" },
    automatic_payment_methods: { enabled: true },
  });
  return { customer, intent };
}

describe("Stripe stand-in: payments", () => {
  it("takes a 4242 card confirmed as Stripe.js does, saves it on the customer and charges it", async () => {
    const { customer, intent } = await intentFor();
    expect(intent.status).toBe("requires_payment_method");
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));
    const confirmed = await t.confirmAsBrowser(intent.client_secret!, {
      "payment_method_data[type]": "card",
      "payment_method_data[card][number]": "4242424242424242",
      "payment_method_data[card][exp_month]": "12",
      "payment_method_data[card][exp_year]": String(new Date().getFullYear() + 2),
      "payment_method_data[card][cvc]": "123",
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe("succeeded");

    const paid = await t.stripe.paymentIntents.retrieve(intent.id, { expand: ["latest_charge", "payment_method"] });
    expect(paid).toMatchObject({ status: "succeeded", amount_received: 2000, metadata: { kind: "points" } });
    const charge = paid.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ object: "charge", paid: true, status: "succeeded", amount: 2000, payment_intent: intent.id });
    const pm = paid.payment_method as Stripe.PaymentMethod;
    expect(pm.card).toMatchObject({ brand: "visa", last4: "4242", exp_month: 12 });
    expect(pm.card?.fingerprint).toBeTruthy();
    const cards = await t.stripe.customers.listPaymentMethods(customer.id, { type: "card" });
    expect(cards).toMatchObject({ object: "list", has_more: false, data: [{ id: pm.id, customer: customer.id }] });

    // A card attached to the customer can become its default.
    const updated = await t.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
    expect(updated.invoice_settings.default_payment_method).toBe(pm.id);
    await t.idle();
    expect(t.typesOf((e) => (e.data.object as { id: string }).id === intent.id)).toEqual([
      "payment_intent.created",
      "payment_intent.succeeded",
    ]);
  });

  it("declines 4000…0002 and pm_card_chargeDeclined with a 402 card_error the SDK raises as StripeCardError", async () => {
    const { intent } = await intentFor();
    const byNumber = await t.confirmAsBrowser(intent.client_secret!, {
      "payment_method_data[type]": "card",
      "payment_method_data[card][number]": "4000000000000002",
      "payment_method_data[card][exp_month]": "1",
      "payment_method_data[card][exp_year]": String(new Date().getFullYear() + 1),
    });
    expect(byNumber.status).toBe(402);
    expect(byNumber.body.error).toMatchObject({
      type: "card_error",
      code: "card_declined",
      decline_code: "generic_decline",
      message: "Your card was declined.",
    });
    expect(byNumber.body.error.payment_intent).toMatchObject({ id: intent.id, status: "requires_payment_method" });

    const error = await t.stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_chargeDeclined" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code: "card_declined", decline_code: "generic_decline" });
    const after = await t.stripe.paymentIntents.retrieve(intent.id);
    expect(after.status).toBe("requires_payment_method");
    expect(after.last_payment_error).toMatchObject({ type: "card_error", code: "card_declined" });

    // The buyer fixes it with another card.
    expect((await t.stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" })).status).toBe("succeeded");
    await t.idle();
    expect(t.typesOf((e) => (e.data.object as { id: string }).id === intent.id)).toEqual([
      "payment_intent.created",
      "payment_intent.payment_failed",
      "payment_intent.payment_failed",
      "payment_intent.succeeded",
    ]);
  });

  it("refuses bad card numbers, wrong keys, foreign client secrets and unknown ids in Stripe's shapes", async () => {
    const { intent } = await intentFor();
    const badNumber = await t.confirmAsBrowser(intent.client_secret!, {
      "payment_method_data[type]": "card",
      "payment_method_data[card][number]": "4242424242424241",
      "payment_method_data[card][exp_month]": "12",
      "payment_method_data[card][exp_year]": "2099",
    });
    expect(badNumber.body.error).toMatchObject({ type: "card_error", code: "incorrect_number" });
    const other = await intentFor();
    const foreign = await t.confirmAsBrowser(other.intent.client_secret!.replace(other.intent.id, intent.id), {
      payment_method: "pm_card_visa",
    });
    expect(foreign.status).toBe(400);

    const wrongKey = new Stripe("sk_test_wrong", { host: "127.0.0.1", port: Number(new URL(t.standIn.url).port), protocol: "http" });
    await expect(wrongKey.customers.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const publishable = await fetch(`${t.standIn.url}/v1/customers`, { headers: { authorization: `Bearer ${t.standIn.publishableKey}` } });
    expect(publishable.status).toBe(401);
    // Stripe.js may send the publishable key as a `key` form field instead of a header.
    const other2 = await intentFor();
    const byField = await fetch(`${t.standIn.url}/v1/payment_intents/${other2.intent.id}/confirm`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        key: t.standIn.publishableKey,
        client_secret: other2.intent.client_secret!,
        payment_method: "pm_card_visa",
      }).toString(),
    });
    expect((await byField.json()).status).toBe("succeeded");
    const secretByField = await fetch(`${t.standIn.url}/v1/customers?key=${t.standIn.secretKey}`);
    expect(secretByField.status).toBe(401);
    await expect(t.stripe.paymentIntents.retrieve("pi_missing")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
    await expect(t.stripe.paymentIntents.create({ amount: 10, currency: "usd" })).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });

  it("answers a repeated Idempotency-Key with the first answer and refuses it with other parameters", async () => {
    const first = await t.stripe.customers.create({ email: "same@example.com" }, { idempotencyKey: "customer-once" });
    const again = await t.stripe.customers.create({ email: "same@example.com" }, { idempotencyKey: "customer-once" });
    expect(again.id).toBe(first.id);
    await expect(t.stripe.customers.create({ email: "other@example.com" }, { idempotencyKey: "customer-once" })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });

  it("pages lists with limit and starting_after", async () => {
    const customer = await t.stripe.customers.create({});
    for (const token of ["pm_card_visa", "pm_card_mastercard", "pm_card_amex"]) {
      const intent = await t.stripe.paymentIntents.create({
        amount: 1000,
        currency: "usd",
        customer: customer.id,
        setup_future_usage: "off_session",
      });
      await t.stripe.paymentIntents.confirm(intent.id, { payment_method: token });
    }
    const first = await t.stripe.customers.listPaymentMethods(customer.id, { limit: 2 });
    expect(first.data.map((p) => p.card?.brand)).toEqual(["amex", "mastercard"]);
    expect(first.has_more).toBe(true);
    const next = await t.stripe.customers.listPaymentMethods(customer.id, { limit: 2, starting_after: first.data[1].id });
    expect(next).toMatchObject({ has_more: false, data: [{ card: { brand: "visa" } }] });
  });

  it("refunds a charge: charge.refunded with previous_attributes, refund.created", async () => {
    const { intent } = await intentFor(3000);
    await t.stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    const refund = await t.stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
    expect(refund).toMatchObject({ object: "refund", amount: 1000, status: "succeeded", payment_intent: intent.id });
    const charge = await t.stripe.charges.retrieve(refund.charge as string);
    expect(charge).toMatchObject({ amount_refunded: 1000, refunded: false });
    await t.stripe.refunds.create({ charge: charge.id });
    expect(await t.stripe.charges.retrieve(charge.id)).toMatchObject({ amount_refunded: 3000, refunded: true });
    await expect(t.stripe.refunds.create({ charge: charge.id })).rejects.toMatchObject({ code: "charge_already_refunded" });
    await t.idle();
    const refunded = t.received.filter(
      (r) => r.event.type === "charge.refunded" && (r.event.data.object as Stripe.Charge).id === charge.id,
    );
    expect(refunded.map((r) => r.event.data.previous_attributes)).toEqual([
      { amount_refunded: 0, refunded: false },
      { amount_refunded: 1000, refunded: false },
    ]);
    const listed = await t.stripe.events.list({ type: "refund.created", limit: 2 });
    expect(listed.data.map((e) => (e.data.object as Stripe.Refund).charge)).toEqual([charge.id, charge.id]);
    expect((await t.stripe.events.retrieve(listed.data[0].id)).type).toBe("refund.created");
  });
});

describe("Stripe stand-in: event delivery", () => {
  it("signs every delivery as Stripe does (constructEventAsync accepts it) with this API version", async () => {
    await t.stripe.customers.create({ email: "signed@example.com" });
    await t.idle();
    expect(t.received.length).toBeGreaterThan(0);
    expect(t.received.every((r) => r.verified)).toBe(true);
    expect(t.received.at(-1)!.event).toMatchObject({
      object: "event",
      type: "customer.created",
      api_version: "2026-10-28.endive",
      livemode: false,
    });
  });

  it("retries a delivery that gets a 500, with backoff, until it gets a 2xx", async () => {
    t.failNext.push(500, 503);
    const customer = await t.stripe.customers.create({ email: "retry@example.com" });
    await t.idle();
    const deliveries = t.received.filter((r) => (r.event.data.object as { id: string }).id === customer.id);
    expect(deliveries).toHaveLength(3);
    expect(new Set(deliveries.map((d) => d.event.id)).size).toBe(1);
    const log = await (
      await fetch(`${t.standIn.url}/_stand-in/deliveries?event=${deliveries[0].event.id}`, {
        headers: { authorization: `Bearer ${t.standIn.secretKey}` },
      })
    ).json();
    expect(log.data.map((d: { attempt: number; status: number }) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
  });

  it("gives up after the bounded number of attempts", async () => {
    t.failNext.push(500, 500, 500, 500);
    const customer = await t.stripe.customers.create({ email: "gone@example.com" });
    await t.idle();
    expect(t.received.filter((r) => (r.event.data.object as { id: string }).id === customer.id)).toHaveLength(4);
  });

  it("holds events, releases them in a chosen order, and redelivers one N times", async () => {
    await t.control("/events/hold");
    const customer = await t.stripe.customers.create({ email: "order@example.com" });
    await t.stripe.customers.update(customer.id, { name: "Maya" });
    const held = (
      await (await fetch(`${t.standIn.url}/_stand-in/events/held`, { headers: { authorization: `Bearer ${t.standIn.secretKey}` } })).json()
    ).data;
    expect(held.map((e: Stripe.Event) => e.type)).toEqual(["customer.created", "customer.updated"]);
    expect(held[1].data.previous_attributes).toEqual({ name: null });
    await t.control("/events/release", { order: [held[1].id, held[0].id] });
    await t.idle();
    const mine = () => t.received.filter((r) => (r.event.data.object as { id: string }).id === customer.id).map((r) => r.event.type);
    expect(mine()).toEqual(["customer.updated", "customer.created"]);
    // A hold scoped to one customer leaves everyone else's events flowing.
    await t.control("/events/hold", { customer: customer.id });
    const other = await t.stripe.customers.create({ email: "flowing@example.com" });
    await t.stripe.customers.update(customer.id, { name: "Maya B" });
    await t.idle();
    expect(t.received.some((r) => (r.event.data.object as { id: string }).id === other.id)).toBe(true);
    expect(mine()).toEqual(["customer.updated", "customer.created"]);
    await t.control("/events/release", { customer: customer.id });
    await t.idle();
    expect(mine()).toEqual(["customer.updated", "customer.created", "customer.updated"]);
    await t.control(`/events/${held[0].id}/redeliver`, { times: 3 });
    await t.idle();
    expect(mine()).toEqual([
      "customer.updated",
      "customer.created",
      "customer.updated",
      "customer.created",
      "customer.created",
      "customer.created",
    ]);
  });
});

describe("Stripe stand-in: npm start's data file", () => {
  it("keeps customers, cards and the seeded prices across a restart, without seeding twice", async () => {
    const { mkdtempSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { startStripeStandIn } = await import("./server");
    const dir = mkdtempSync(join(tmpdir(), "stripe-stand-in-"));
    const dataFile = join(dir, "stripe.json");
    const sdkFor = (s: { url: string; secretKey: string }) =>
      new Stripe(s.secretKey, { host: "127.0.0.1", port: Number(new URL(s.url).port), protocol: "http" });
    try {
      const first = await startStripeStandIn({ port: 0, dataFile });
      const customer = await sdkFor(first).customers.create({ email: "kept@example.com" });
      const prices = await sdkFor(first).prices.list({ limit: 100 });
      await first.stop();
      const second = await startStripeStandIn({ port: 0, dataFile });
      expect(await sdkFor(second).customers.retrieve(customer.id)).toMatchObject({ email: "kept@example.com" });
      expect((await sdkFor(second).prices.list({ limit: 100 })).data.map((p) => p.id)).toEqual(prices.data.map((p) => p.id));
      await second.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
