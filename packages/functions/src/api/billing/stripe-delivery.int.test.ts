import { stripe } from "@storyboard/core/billing/stripe";
import { createTestUser, eventually } from "@storyboard/local/test/fixtures";
import { balanceOf, confirmCard, get, post } from "./test-support";

/**
 * The app's webhook fed by the Stripe stand-in itself (docs/architecture.md#payments):
 * redeliveries, reordered deliveries and refunds reach `/api/stripe/webhook`
 * signed as Stripe signs them, and end in one state.
 */
async function control(path: string, body: unknown = {}) {
  const res = await fetch(`${process.env.STRIPE_API_URL}/_stand-in${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${process.env.STRIPE_SECRET_KEY}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<any>;
}

const succeededEventOf = async (paymentIntentId: string) => {
  const { data } = await stripe().events.list({ type: "payment_intent.succeeded", limit: 100 });
  return data.find((e) => (e.data.object as { id: string }).id === paymentIntentId)!;
};

describe("Stripe stand-in deliveries to the app", () => {
  it("credits once when the stand-in delivers payment_intent.succeeded five more times", async () => {
    const user = await createTestUser({ points: 0 });
    const { body } = await post(user, "/api/create-payment-intent-v2", { amount: 10 });
    await confirmCard(body.clientSecret, "pm_card_visa");
    await eventually(async () => (await balanceOf(user)) === 333);
    const event = await succeededEventOf(body.paymentIntentId);
    await control(`/events/${event.id}/redeliver`, { times: 5 });
    await control("/events/wait-idle");
    const deliveries = await (
      await fetch(`${process.env.STRIPE_API_URL}/_stand-in/deliveries?event=${event.id}`, {
        headers: { authorization: `Bearer ${process.env.STRIPE_SECRET_KEY}` },
      })
    ).json();
    expect(deliveries.data.filter((d: { status: number }) => d.status === 200).length).toBeGreaterThanOrEqual(6);
    expect(await balanceOf(user)).toBe(333);
    expect(await get(user, "/api/payments")).toHaveLength(1);
  });

  it("marks the payment refunded when charge.refunded arrives, whatever the order, and takes the points back once", async () => {
    const user = await createTestUser({ points: 0 });
    const { body } = await post(user, "/api/create-payment-intent-v2", { amount: 20 });
    await confirmCard(body.clientSecret, "pm_card_visa");
    await eventually(async () => (await balanceOf(user)) === 666);

    const { customer } = await stripe().paymentIntents.retrieve(body.paymentIntentId);
    await control("/events/hold", { customer });
    try {
      await stripe().refunds.create({ payment_intent: body.paymentIntentId, amount: 500 });
      await stripe().refunds.create({ payment_intent: body.paymentIntentId });
    } finally {
      // The full refund's event first, then the partial one: the app reads the charge as it is now.
      const { data: held } = await (
        await fetch(`${process.env.STRIPE_API_URL}/_stand-in/events/held?customer=${customer}`, {
          headers: { authorization: `Bearer ${process.env.STRIPE_SECRET_KEY}` },
        })
      ).json();
      await control("/events/release", { customer, order: held.map((e: { id: string }) => e.id).reverse() });
    }
    await control("/events/wait-idle");
    const [payment] = await get(user, "/api/payments");
    expect(payment).toMatchObject({ amount: 2000, status: "refunded" });
    // Refunded in full, in two refunds delivered out of order: the 666 points bought go back, once (docs/decisions.md#refunds-and-disputes).
    expect(await balanceOf(user)).toBe(0);
  });
});
