/** 3-D Secure on subscription invoices: the first one leaves the subscription incomplete, a renewal makes it past_due. */
import type Stripe from "stripe";
import { standInWithWebhook } from "../test-support";

let t: Awaited<ReturnType<typeof standInWithWebhook>>;
beforeAll(async () => {
  t = await standInWithWebhook();
});
afterAll(() => t.stop());

const start = Date.UTC(2027, 2, 1, 12) / 1000;

async function subscription() {
  const clock = await t.stripe.testHelpers.testClocks.create({ frozen_time: start });
  const customer = await t.stripe.customers.create({ email: "sca@example.com", test_clock: clock.id });
  const [price] = (await t.stripe.prices.list({ lookup_keys: ["storyboard_starter_monthly"] })).data;
  const sub = await t.stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id, quantity: 1 }],
    payment_behavior: "default_incomplete",
    payment_settings: { save_default_payment_method: "on_subscription", payment_method_types: ["card"] },
    expand: ["latest_invoice.confirmation_secret"],
  });
  return { clock, customer, sub, secret: (sub.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret };
}

const invoiceEvents = async (invoiceId: string) => {
  await t.idle();
  return t.typesOf((e) => e.type.startsWith("invoice.") && (e.data.object as { id: string }).id === invoiceId);
};

describe("Stripe stand-in: 3-D Secure on subscriptions", () => {
  it("first invoice: incomplete while the challenge waits, active once it is completed", async () => {
    const { sub, secret } = await subscription();
    const confirmed = await t.confirmAsBrowser(secret, { payment_method: "pm_card_authenticationRequiredOnSetup" });
    expect(confirmed.body.status).toBe("requires_action");
    const waiting = await t.stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    expect(waiting.status).toBe("incomplete");
    expect((waiting.latest_invoice as Stripe.Invoice).status).toBe("open");
    await t.challenge(confirmed.body, "complete");
    const active = await t.stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    expect(active.status).toBe("active");
    expect((active.latest_invoice as Stripe.Invoice).status).toBe("paid");
    expect(active.default_payment_method).toBe(confirmed.body.payment_method);
    expect(await invoiceEvents((active.latest_invoice as Stripe.Invoice).id)).toEqual(
      expect.arrayContaining(["invoice.payment_action_required", "invoice.paid"]),
    );
  });

  it("a card set up by an authenticated payment renews off-session without a new challenge (4000 0025 0000 3155)", async () => {
    const { clock, sub, secret } = await subscription();
    const confirmed = await t.confirmAsBrowser(secret, { payment_method: "pm_card_authenticationRequiredOnSetup" });
    await t.challenge(confirmed.body, "complete");
    const current = (await t.stripe.subscriptions.retrieve(sub.id)).items.data[0];
    await t.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: current.current_period_end + 60 });
    const renewed = await t.stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    expect(renewed.status).toBe("active");
    expect((renewed.latest_invoice as Stripe.Invoice).billing_reason).toBe("subscription_cycle");
    expect((renewed.latest_invoice as Stripe.Invoice).status).toBe("paid");
  });

  it("a renewal that needs authentication: invoice.payment_action_required, past_due until the challenge is completed", async () => {
    const { clock, customer, sub, secret } = await subscription();
    await t.confirmAsBrowser(secret, { payment_method: "pm_card_visa" });
    const always = await t.stripe.paymentMethods.attach("pm_card_authenticationRequired", { customer: customer.id });
    await t.stripe.subscriptions.update(sub.id, { default_payment_method: always.id });
    const current = (await t.stripe.subscriptions.retrieve(sub.id)).items.data[0];
    await t.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: current.current_period_end + 60 });
    const pastDue = await t.stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice.payments"] });
    expect(pastDue.status).toBe("past_due");
    const renewal = pastDue.latest_invoice as Stripe.Invoice;
    expect(renewal).toMatchObject({ status: "open", billing_reason: "subscription_cycle", next_payment_attempt: null });
    expect(await invoiceEvents(renewal.id)).toContain("invoice.payment_action_required");
    // The link in the e-mail: the invoice's intent, read with the publishable key, points at the challenge.
    const intentId = renewal.payments!.data[0].payment.payment_intent as string;
    const intent = await t.stripe.paymentIntents.retrieve(intentId);
    expect(intent).toMatchObject({ status: "requires_action", next_action: { type: "use_stripe_sdk" } });
    await t.challenge(intent, "complete");
    const active = await t.stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    expect(active.status).toBe("active");
    expect((active.latest_invoice as Stripe.Invoice).status).toBe("paid");
  });

  it("an upgrade with error_if_incomplete whose charge would need authentication is refused with 402 and changes nothing", async () => {
    const { customer, sub, secret } = await subscription();
    await t.confirmAsBrowser(secret, { payment_method: "pm_card_visa" });
    const always = await t.stripe.paymentMethods.attach("pm_card_authenticationRequired", { customer: customer.id });
    await t.stripe.subscriptions.update(sub.id, { default_payment_method: always.id });
    const [agency] = (await t.stripe.prices.list({ lookup_keys: ["storyboard_agency_monthly"] })).data;
    const item = (await t.stripe.subscriptions.retrieve(sub.id)).items.data[0];
    const error = await t.stripe.subscriptions
      .update(sub.id, {
        items: [{ id: item.id, price: agency.id }],
        proration_behavior: "always_invoice",
        payment_behavior: "error_if_incomplete",
      })
      .catch((e) => e);
    expect(error).toMatchObject({ statusCode: 402, code: "authentication_required" });
    expect((await t.stripe.subscriptions.retrieve(sub.id)).items.data[0].price.id).toBe(item.price.id);
  });
});
