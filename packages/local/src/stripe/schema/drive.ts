/**
 * A drive through every endpoint the product uses (and the stand-in's other
 * ones), with the official SDK as the server calls them and with the
 * publishable key as Stripe.js does: the schema suite validates what it gets.
 */
import type Stripe from "stripe";
import type { standInWithWebhook } from "../test-support";

type Harness = Awaited<ReturnType<typeof standInWithWebhook>>;

const cardFields = (number: string) => ({
  "payment_method_data[type]": "card",
  "payment_method_data[card][number]": number,
  "payment_method_data[card][exp_month]": "12",
  "payment_method_data[card][exp_year]": String(new Date().getFullYear() + 2),
  "payment_method_data[card][cvc]": "123",
});

/** Swallows the expected 4xx of a call (its answer is recorded all the same). */
const refused = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error("expected a refusal");
    },
    () => undefined,
  );

export async function driveEveryEndpoint(t: Harness) {
  const { stripe } = t;
  // Customers and cards.
  const customer = await stripe.customers.create({ email: "schema@example.com", name: "Schema", metadata: { userId: "schema" } });
  await stripe.customers.retrieve(customer.id);
  await stripe.customers.update(customer.id, { name: "Schema Suite" });
  await stripe.customers.list({ email: "schema@example.com", limit: 3 });
  const visa = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
  await stripe.paymentMethods.retrieve(visa.id);
  await stripe.paymentMethods.list({ customer: customer.id, type: "card" });
  await stripe.customers.listPaymentMethods(customer.id, { type: "card", limit: 100 });
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: visa.id } });

  // Points purchases: a card that pays, one that declines, one that asks for 3-D Secure.
  const purchase = () =>
    stripe.paymentIntents.create({
      amount: 3000,
      currency: "usd",
      customer: customer.id,
      allowed_payment_method_types: ["card"],
      setup_future_usage: "on_session",
      description: "Points",
      metadata: { kind: "points", points: "1000" },
    });
  const paid = await purchase();
  await stripe.paymentIntents.update(paid.id, { metadata: { note: "schema" } });
  await t.confirmAsBrowser(paid.client_secret!, cardFields("4242424242424242"));
  const declined = await purchase();
  await t.confirmAsBrowser(declined.client_secret!, cardFields("4000000000000002"));
  const secure = await purchase();
  const challenged = await t.confirmAsBrowser(secure.client_secret!, { payment_method: "pm_card_threeDSecure2Required" });
  await t.challenge(challenged.body, "complete");
  const failedSecure = await purchase();
  const failing = await t.confirmAsBrowser(failedSecure.client_secret!, {
    ...cardFields("4000002500003155"),
    return_url: "http://127.0.0.1/back",
  });
  await t.challenge(failing.body, "fail");
  await stripe.paymentIntents.cancel((await purchase()).id);
  await stripe.paymentIntents.retrieve(paid.id, { expand: ["latest_charge", "payment_method"] });
  await stripe.paymentIntents.list({ customer: customer.id, limit: 5 });
  const paidAgain = await stripe.paymentIntents.retrieve(paid.id);
  const chargeId = paidAgain.latest_charge as string;
  await stripe.charges.retrieve(chargeId);
  await stripe.charges.list({ customer: customer.id });

  // Refunds: partial then the rest.
  await stripe.refunds.create({ charge: chargeId, amount: 1000 });
  const rest = await stripe.refunds.create({ payment_intent: paid.id });
  await stripe.refunds.retrieve(rest.id);
  await stripe.refunds.list({ charge: chargeId });

  // Disputes: a card whose charge is disputed, then the dispute won.
  const disputed = await purchase();
  await t.confirmAsBrowser(disputed.client_secret!, { payment_method: "pm_card_createDispute" });
  const disputes = await stripe.disputes.list({ payment_intent: disputed.id });
  await stripe.disputes.retrieve(disputes.data[0].id);
  await stripe.disputes.update(disputes.data[0].id, { evidence: { uncategorized_text: "winning_evidence" } });

  // Subscriptions on a test clock: first invoice, upgrade, downgrade schedule, cancel, renewals.
  const [starter, agency] = (
    await stripe.prices.list({ lookup_keys: ["storyboard_starter_monthly", "storyboard_agency_monthly"], active: true })
  ).data.sort((a, b) => a.unit_amount! - b.unit_amount!);
  await stripe.prices.retrieve(starter.id);
  await stripe.products.retrieve(starter.product as string);
  await stripe.products.list({ limit: 3 });
  const start = Math.floor(Date.now() / 1000);
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start, name: "schema" });
  await stripe.testHelpers.testClocks.retrieve(clock.id);
  await stripe.testHelpers.testClocks.list({ limit: 3 });
  const subscriber = await stripe.customers.create({ email: "sub@example.com", test_clock: clock.id, metadata: { userId: "sub" } });
  await stripe.invoices.createPreview({ customer: subscriber.id, subscription_details: { items: [{ price: starter.id, quantity: 1 }] } });
  const sub = await stripe.subscriptions.create({
    customer: subscriber.id,
    items: [{ price: starter.id, quantity: 1 }],
    payment_behavior: "default_incomplete",
    payment_settings: { save_default_payment_method: "on_subscription", payment_method_types: ["card"] },
    expand: ["latest_invoice.confirmation_secret"],
    metadata: { userId: "sub" },
  });
  const first = sub.latest_invoice as Stripe.Invoice;
  await t
    .confirmAsBrowser(first.confirmation_secret!.client_secret, { payment_method: "pm_card_authenticationRequiredOnSetup" })
    .then((r) => t.challenge(r.body, "complete"));
  await stripe.subscriptions.retrieve(sub.id, { expand: ["schedule"] });
  await stripe.invoices.retrieve(first.id, { expand: ["payments"] });
  await stripe.invoices.listLineItems(first.id);
  await stripe.invoices.list({ customer: subscriber.id });
  await stripe.invoicePayments.list({ invoice: first.id, limit: 3 });
  const item = (await stripe.subscriptions.retrieve(sub.id)).items.data[0];
  const prorationDate = start + 15 * 86_400;
  await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: prorationDate });
  await stripe.invoices.createPreview({
    customer: subscriber.id,
    subscription: sub.id,
    subscription_details: {
      items: [{ id: item.id, price: agency.id, quantity: 1 }],
      proration_behavior: "always_invoice",
      proration_date: prorationDate,
    },
  });
  await stripe.subscriptions.update(sub.id, {
    items: [{ id: item.id, price: agency.id, quantity: 1 }],
    proration_behavior: "always_invoice",
    proration_date: prorationDate,
    payment_behavior: "error_if_incomplete",
    cancel_at_period_end: false,
  });
  const upgraded = await stripe.subscriptions.retrieve(sub.id);
  const schedule = await stripe.subscriptionSchedules.create({ from_subscription: sub.id });
  const current = upgraded.items.data[0];
  await stripe.subscriptionSchedules.update(schedule.id, {
    end_behavior: "release",
    proration_behavior: "none",
    phases: [
      { items: [{ price: agency.id, quantity: 1 }], start_date: current.current_period_start, end_date: current.current_period_end },
      { items: [{ price: starter.id, quantity: 1 }], duration: { interval: "month", interval_count: 1 } },
    ],
  });
  await stripe.subscriptionSchedules.retrieve(schedule.id);
  await stripe.subscriptionSchedules.list({ customer: subscriber.id });
  await stripe.subscriptionSchedules.release(schedule.id);
  await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
  await stripe.subscriptions.update(sub.id, { cancel_at_period_end: false });
  // A renewal paid, then a renewal that needs authentication.
  await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: current.current_period_end + 60 });
  const secureCard = await stripe.paymentMethods.attach("pm_card_authenticationRequired", { customer: subscriber.id });
  await stripe.subscriptions.update(sub.id, { default_payment_method: secureCard.id });
  const renewed = await stripe.subscriptions.retrieve(sub.id);
  await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: renewed.items.data[0].current_period_end + 60 });
  const pastDue = await stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
  const renewal = pastDue.latest_invoice as Stripe.Invoice;
  await stripe.invoices.pay(renewal.id, { payment_method: visa.id }).catch(() => undefined);
  await stripe.subscriptions.list({ customer: subscriber.id, status: "all" });
  await stripe.subscriptions.cancel(sub.id);
  // A schedule canceled with its subscription.
  const other = await stripe.subscriptions.create({
    customer: subscriber.id,
    items: [{ price: starter.id }],
    default_payment_method: visa.id,
  });
  await stripe.subscriptionSchedules
    .cancel((await stripe.subscriptionSchedules.create({ from_subscription: other.id })).id)
    .catch(() => undefined);

  // Events, as the product reads them.
  const events = await stripe.events.list({ limit: 100 });
  await stripe.events.retrieve(events.data[0].id);
  await stripe.events.list({ type: "invoice.*", limit: 10 });

  // Refusals answer Stripe's error shape.
  await refused(stripe.customers.create({ email: "x@example.com", nonsense: "1" } as Stripe.CustomerCreateParams));
  await refused(stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice.payment_intent"] }));
  await refused(stripe.customers.retrieve("cus_missing"));
  await stripe.customers.del(customer.id);
  await stripe.testHelpers.testClocks.del(clock.id);
}
