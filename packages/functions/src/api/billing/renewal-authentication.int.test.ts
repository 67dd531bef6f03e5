import { stripe } from "@storyboard/core/billing/stripe";
import { db } from "@storyboard/core/dynamo/service";
import { createTestUser, eventually, type TestUser } from "@storyboard/local/test/fixtures";
import {
  balanceOf,
  completeChallenge,
  confirmCard,
  hasSubscriptionPrices,
  mailsTo,
  settle,
  subscribed,
  subscriptionOf,
} from "./test-support";

/**
 * docs/decisions.md#renewals-that-need-authentication: a renewal whose card
 * asks for 3-D Secure leaves the subscription past_due and mails a link; the
 * page behind it completes the payment, and the period's points arrive once.
 */
const standIn = await hasSubscriptionPrices();

const SUBJECT = "Confirm your Storyboard subscription payment";

/** Starter on a test clock, renewing with a card that needs authentication on every payment. */
async function renewalWaitingForBank() {
  const ctx = await subscribed("storyboard_starter_monthly", 1000);
  const { data: record } = await db.entities.userSubscription.get({ userId: ctx.user.userId }).go();
  const card = await stripe().paymentMethods.attach("pm_card_authenticationRequired", { customer: ctx.customer });
  await stripe().subscriptions.update(record!.subscriptionId, { default_payment_method: card.id });
  await ctx.advance(32); // past the first period's end: the renewal is charged off-session
  await eventually(async () => (await subscriptionOf(ctx.user))?.status === "past_due", 20_000);
  const mail = await eventually(async () => (await mailsTo(ctx.user.email)).find((m) => m.subject === SUBJECT), 20_000);
  const invoiceId = /\/billing\/confirm-payment\/(in_[A-Za-z0-9]+)/.exec(mail.body.text ?? "")?.[1];
  expect(invoiceId).toBeTruthy();
  return { ...ctx, invoiceId: invoiceId! };
}

const paymentOf = async (user: TestUser, invoiceId: string) => {
  const res = await user.call(`/api/userSubscription/payments/${invoiceId}`);
  return { status: res.status, body: (await res.json()) as any };
};

describe.skipIf(!standIn)("a renewal that needs authentication", () => {
  it("past_due with an e-mailed link; completing the bank's challenge pays it, the subscription is active, the points come once", async () => {
    const { user, invoiceId } = await renewalWaitingForBank();
    expect(await balanceOf(user)).toBe(1000);
    const waiting = await paymentOf(user, invoiceId);
    expect(waiting).toMatchObject({
      status: 200,
      body: {
        status: "open",
        amountCents: 2700,
        planLabel: "Starter (monthly)",
        paymentStatus: "requires_action",
        subscriptionStatus: "past_due",
      },
    });
    expect(waiting.body.clientSecret).toMatch(/^pi_.+_secret_/);
    // Another user's invoice, and anything that is not an invoice id, are not found.
    const stranger = await createTestUser({ points: 0 });
    expect((await paymentOf(stranger, invoiceId)).status).toBe(404);
    expect((await paymentOf(user, "in_doesnotexist")).status).toBe(404);
    expect((await paymentOf(user, "../customers")).status).toBe(404);

    await completeChallenge(waiting.body.clientSecret, "complete");
    await eventually(async () => (await subscriptionOf(user))?.status === "active", 20_000);
    await eventually(async () => (await balanceOf(user)) === 2000, 20_000);
    await settle();
    expect(await balanceOf(user)).toBe(2000);
    expect((await paymentOf(user, invoiceId)).body).toMatchObject({ status: "paid", clientSecret: null });
    expect((await mailsTo(user.email)).filter((m) => m.subject === SUBJECT)).toHaveLength(1);
  });

  it("a failed challenge leaves it past_due without points; paying the same invoice with another card ends it", async () => {
    const { user, invoiceId } = await renewalWaitingForBank();
    const { clientSecret } = (await paymentOf(user, invoiceId)).body;
    await completeChallenge(clientSecret, "fail");
    await settle();
    expect(await subscriptionOf(user)).toMatchObject({ status: "past_due" });
    expect(await balanceOf(user)).toBe(1000);
    const failed = await paymentOf(user, invoiceId);
    expect(failed.body).toMatchObject({ status: "open", paymentStatus: "requires_payment_method" });
    expect((await confirmCard(failed.body.clientSecret, "pm_card_visa")).body.status).toBe("succeeded");
    await eventually(async () => (await subscriptionOf(user))?.status === "active", 20_000);
    await eventually(async () => (await balanceOf(user)) === 2000, 20_000);
  });
});
