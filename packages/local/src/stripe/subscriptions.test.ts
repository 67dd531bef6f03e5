/** The Stripe stand-in's billing: prices by lookup key, subscriptions, prorations, schedules and clocks, through the official SDK. */
import type Stripe from "stripe";
import { standInWithWebhook } from "./test-support";

let t: Awaited<ReturnType<typeof standInWithWebhook>>;
beforeAll(async () => {
  t = await standInWithWebhook();
});
afterAll(() => t.stop());

const DAY = 86_400;
const start = Date.UTC(2027, 0, 10, 12) / 1000; // 10 Jan 2027: a 31-day January period

async function priceId(lookupKey: string) {
  const { data } = await t.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  return data[0].id;
}

/** A customer on a test clock with an active Pro monthly subscription, its first invoice paid with `card`. */
async function subscribed(card = "pm_card_visa", lookupKey = "storyboard_pro_monthly") {
  const clock = await t.stripe.testHelpers.testClocks.create({ frozen_time: start });
  const customer = await t.stripe.customers.create({ email: "sub@example.com", test_clock: clock.id });
  const created = await t.stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: await priceId(lookupKey), quantity: 1 }],
    payment_behavior: "default_incomplete",
    payment_settings: { save_default_payment_method: "on_subscription", payment_method_types: ["card"] },
    expand: ["latest_invoice.confirmation_secret"],
    metadata: { userId: "u-sub" },
  });
  const secret = (created.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
  const paid = await t.confirmAsBrowser(secret, { payment_method: card });
  expect(paid.body.status).toBe("succeeded");
  return { clock, customer, created, sub: await t.stripe.subscriptions.retrieve(created.id) };
}

const advance = (clock: Stripe.TestHelpers.TestClock, to: number) => t.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: to });
const eventsOf = (id: string) => t.typesOf((e) => JSON.stringify(e.data.object).includes(id));

describe("Stripe stand-in: subscriptions", () => {
  it("holds the plan catalogue as prices with our lookup keys", async () => {
    const { data } = await t.stripe.prices.list({
      lookup_keys: ["storyboard_pro_monthly", "storyboard_pro_annual"],
      expand: ["data.product"],
    });
    expect(data.map((p) => [p.lookup_key, p.unit_amount, p.recurring?.interval])).toEqual(
      expect.arrayContaining([
        ["storyboard_pro_monthly", 7650, "month"],
        ["storyboard_pro_annual", 73440, "year"],
      ]),
    );
    expect((data[0].product as Stripe.Product).name).toBe("Storyboard Pro");
  });

  it("starts incomplete, becomes active when the first invoice's PaymentIntent succeeds, and saves the card", async () => {
    const { created, sub, customer } = await subscribed();
    expect(created.status).toBe("incomplete");
    const invoice = created.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: "open", amount_due: 7650, billing_reason: "subscription_create" });
    expect(sub.status).toBe("active");
    expect(sub.default_payment_method).toMatch(/^pm_/);
    expect(sub.items.data[0]).toMatchObject({ current_period_start: start, current_period_end: start + 31 * DAY });
    expect((await t.stripe.invoices.retrieve(invoice.id)).status).toBe("paid");
    const payments = await t.stripe.invoicePayments.list({ invoice: invoice.id });
    expect(payments.data[0]).toMatchObject({ status: "paid", amount_paid: 7650, payment: { type: "payment_intent" } });
    expect((await t.stripe.customers.listPaymentMethods(customer.id)).data).toHaveLength(1);
    await t.idle();
    expect(eventsOf(sub.id)).toEqual(
      expect.arrayContaining([
        "customer.subscription.created",
        "invoice.paid",
        "invoice.payment_succeeded",
        "customer.subscription.updated",
      ]),
    );
    const activated = t.received.find(
      (r) => r.event.type === "customer.subscription.updated" && (r.event.data.object as Stripe.Subscription).id === sub.id,
    );
    expect(activated?.event.data.previous_attributes).toMatchObject({ status: "incomplete" });
  });

  it("previews a prorated upgrade from the remaining fraction of the period and charges exactly that", async () => {
    const { sub, clock } = await subscribed();
    const at = start + 10 * DAY;
    await advance(clock, at);
    const studio = await priceId("storyboard_studio_monthly");
    const items = [{ id: sub.items.data[0].id, price: studio, quantity: 1 }];
    const preview = await t.stripe.invoices.createPreview({
      customer: sub.customer as string,
      subscription: sub.id,
      subscription_details: { items, proration_behavior: "always_invoice", proration_date: at },
    });
    const fraction = 21 / 31;
    const expected = Math.round(12000 * fraction) - Math.round(7650 * fraction);
    expect(preview.amount_due).toBe(expected);
    expect(preview.lines.data.map((l) => l.parent?.subscription_item_details?.proration)).toEqual([true, true]);

    const updated = await t.stripe.subscriptions.update(sub.id, {
      items,
      proration_behavior: "always_invoice",
      proration_date: at,
      payment_behavior: "error_if_incomplete",
    });
    expect(updated.items.data[0].price.id).toBe(studio);
    const invoice = await t.stripe.invoices.retrieve(updated.latest_invoice as string);
    expect(invoice).toMatchObject({ status: "paid", amount_paid: expected, billing_reason: "subscription_update" });
  });

  it("renews at the period end by charging the default card, and a declining card makes it past_due", async () => {
    const { sub, clock, customer } = await subscribed();
    await advance(clock, start + 32 * DAY);
    const renewed = await t.stripe.subscriptions.retrieve(sub.id);
    expect(renewed.items.data[0]).toMatchObject({
      current_period_start: start + 31 * DAY,
      current_period_end: Date.UTC(2027, 2, 10, 12) / 1000,
    });
    expect(await t.stripe.invoices.retrieve(renewed.latest_invoice as string)).toMatchObject({
      status: "paid",
      billing_reason: "subscription_cycle",
    });
    expect((await t.stripe.testHelpers.testClocks.retrieve(clock.id)).status).toBe("ready");
    // As on Stripe, a clock moves at most two intervals of its shortest subscription at once.
    await expect(advance(clock, start + 100 * DAY)).rejects.toMatchObject({ statusCode: 400, param: "frozen_time" });

    const failing = await t.stripe.paymentMethods.create({
      type: "card",
      card: { number: "4000000000000341", exp_month: 12, exp_year: 2030, cvc: "123" },
    });
    await t.stripe.paymentMethods.attach(failing.id, { customer: customer.id });
    await t.stripe.subscriptions.update(sub.id, { default_payment_method: failing.id });
    await advance(clock, Date.UTC(2027, 2, 10, 13) / 1000);
    const pastDue = await t.stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    expect(pastDue.status).toBe("past_due");
    expect(pastDue.latest_invoice).toMatchObject({ status: "open", attempt_count: 1, billing_reason: "subscription_cycle" });
    await t.idle();
    expect(eventsOf(sub.id)).toContain("invoice.payment_failed");
  });

  it("downgrades through a schedule at the period end, then releases it", async () => {
    const { sub, clock } = await subscribed("pm_card_visa", "storyboard_studio_monthly");
    const schedule = await t.stripe.subscriptionSchedules.create({ from_subscription: sub.id });
    const item = sub.items.data[0];
    const starter = await priceId("storyboard_starter_monthly");
    await t.stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: "release",
      proration_behavior: "none",
      phases: [
        { items: [{ price: item.price.id, quantity: 1 }], start_date: item.current_period_start, end_date: item.current_period_end },
        { items: [{ price: starter, quantity: 1 }], duration: { interval: "month", interval_count: 1 } },
      ],
    });
    await advance(clock, item.current_period_end + 3600);
    const downgraded = await t.stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice", "schedule"] });
    expect(downgraded.items.data[0].price.id).toBe(starter);
    expect(downgraded.latest_invoice).toMatchObject({ amount_paid: 2700, status: "paid" });
    expect(downgraded.schedule).toMatchObject({ status: "active" });
    await advance(clock, downgraded.items.data[0].current_period_end + 3600);
    expect(await t.stripe.subscriptionSchedules.retrieve(schedule.id)).toMatchObject({ status: "released", released_subscription: sub.id });
    expect((await t.stripe.subscriptions.retrieve(sub.id)).schedule).toBeNull();
  });

  it("ends a cancel_at_period_end subscription at the period end", async () => {
    const { sub, clock } = await subscribed();
    await t.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    await advance(clock, start + 31 * DAY + 60);
    expect(await t.stripe.subscriptions.retrieve(sub.id)).toMatchObject({ status: "canceled", ended_at: start + 31 * DAY });
    await t.idle();
    expect(eventsOf(sub.id)).toContain("customer.subscription.deleted");
  });

  it("renews customers without a test clock when the stand-in's own clock advances", async () => {
    const customer = await t.stripe.customers.create({ email: "own-clock@example.com" });
    const sub = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: await priceId("storyboard_starter_monthly") }],
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      expand: ["latest_invoice.confirmation_secret"],
    });
    await t.confirmAsBrowser((sub.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret, { payment_method: "pm_card_visa" });
    await t.control("/clock/advance", { seconds: 32 * DAY });
    const renewed = await t.stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    expect(renewed.latest_invoice).toMatchObject({ billing_reason: "subscription_cycle", status: "paid" });
  });
});
