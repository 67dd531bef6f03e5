/**
 * A stored Stripe customer id that Stripe no longer knows (another Stripe account
 * after a deployment, a stand-in that lost it) is replaced, not a 500 on every billing call (issue 21).
 */
import { ensureCustomer } from "@storyboard/core/billing/customers";
import { stripe } from "@storyboard/core/billing/stripe";
import { db } from "@storyboard/core/dynamo/service";
import { createTestUser } from "./test/fixtures";

describe("Stripe customers", () => {
  it("keeps a customer Stripe knows, and replaces and records one it does not", async () => {
    const user = await createTestUser();
    const first = await ensureCustomer(user.userId);
    expect(await ensureCustomer(user.userId)).toBe(first);

    await db.entities.user.patch({ userId: user.userId }).set({ stripeCustomerId: "cus_forgotten_by_stripe" }).go();
    const replaced = await ensureCustomer(user.userId);
    expect(replaced).not.toBe("cus_forgotten_by_stripe");
    expect((await stripe().customers.retrieve(replaced)).id).toBe(replaced);
    expect((await db.entities.user.get({ userId: user.userId }).go()).data!.stripeCustomerId).toBe(replaced);
    expect(await ensureCustomer(user.userId)).toBe(replaced);
  });
});

describe("billing reads for a customer Stripe no longer knows", () => {
  it("answer as for a user without saved cards or that invoice, never a 500, until a payment repairs the customer", async () => {
    const user = await createTestUser();
    await db.entities.user.patch({ userId: user.userId }).set({ stripeCustomerId: "cus_forgotten_by_stripe" }).go();

    const cards = await user.call("/api/payment-methods");
    expect(cards.status).toBe(200);
    expect(await cards.json()).toEqual([]);
    expect((await user.call("/api/payments")).status).toBe(200);
    expect((await user.call("/api/userSubscription/payments/in_forgotten")).status).toBe(404);
    expect((await user.call("/api/user/subscription")).status).toBe(200);

    // The next payment replaces the customer; the cards list then reads the new one.
    const replaced = await ensureCustomer(user.userId);
    expect(replaced).not.toBe("cus_forgotten_by_stripe");
    expect(await (await user.call("/api/payment-methods")).json()).toEqual([]);
  });
});
