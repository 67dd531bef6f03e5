import { stripe } from "@storyboard/core/billing/stripe";
import { db } from "@storyboard/core/dynamo/service";
import { creditPoints, debitPoints } from "@storyboard/core/points/points";
import { createTestUser, eventually, type TestUser } from "@storyboard/local/test/fixtures";
import {
  balanceOf,
  call,
  confirmCard,
  deliverSigned,
  get,
  hasSubscriptionPrices,
  post,
  readyScreenplay,
  settle,
  subscribed,
} from "./test-support";

/**
 * docs/decisions.md#refunds-and-disputes: refunds (real ones, through the
 * stand-in) and card disputes (signed events) take back the points of the
 * payment; what the balance cannot cover is owed, paying with points waits
 * until it is covered, and admins see the account flagged.
 */
async function boughtPoints(user: TestUser, dollars: number) {
  const before = await balanceOf(user);
  const { body } = await post(user, "/api/create-payment-intent-v2", { amount: dollars });
  expect((await confirmCard(body.clientSecret, "pm_card_visa")).body.status).toBe("succeeded");
  await eventually(async () => (await balanceOf(user)) === before + body.points);
  const intent = await stripe().paymentIntents.retrieve(body.paymentIntentId);
  return { intentId: intent.id, chargeId: intent.latest_charge as string, points: body.points as number };
}

const ledger = async (user: TestUser) =>
  (await get(user, "/api/points/ledger?limit=100")).records as { reason: string; delta: number; referenceId: string; comment: string }[];
const paymentOf = async (user: TestUser, id: string) => (await get(user, "/api/payments")).find((p: { id: string }) => p.id === id);
const account = async (user: TestUser) => (await db.entities.user.get({ userId: user.userId }).go()).data!;

const dispute = (id: string, chargeId: string, amount: number, status: string) => ({
  id,
  object: "dispute",
  amount,
  charge: chargeId,
  currency: "usd",
  status,
  reason: "fraudulent",
});

describe("refunds take back the points of the payment", () => {
  it("a full refund of $100 of points takes back all 3,333, once, with a 'refund' row for the payment", async () => {
    const user = await createTestUser({ points: 0 });
    const bought = await boughtPoints(user, 100);
    expect(bought.points).toBe(3333);
    await stripe().refunds.create({ payment_intent: bought.intentId });
    await eventually(async () => (await balanceOf(user)) === 0);
    const purchase = (await ledger(user)).find((r) => r.reason === "purchase")!;
    const refund = (await ledger(user)).filter((r) => r.reason === "refund");
    expect(refund).toEqual([expect.objectContaining({ delta: -3333, referenceId: purchase.referenceId })]);
    expect(await paymentOf(user, purchase.referenceId)).toMatchObject({ status: "refunded" });
    // Redelivered (signed) three times: nothing more is taken.
    for (let i = 0; i < 3; i++) await deliverSigned({ type: "charge.refunded", object: { id: bought.chargeId, object: "charge" } });
    await settle(500);
    expect(await balanceOf(user)).toBe(0);
    expect((await ledger(user)).filter((r) => r.reason === "refund")).toHaveLength(1);
  });

  it("partial refunds take back their share, rounded up, and add up to the whole", async () => {
    const user = await createTestUser({ points: 0 });
    const bought = await boughtPoints(user, 30); // 1,000 points
    await stripe().refunds.create({ payment_intent: bought.intentId, amount: 1000 });
    await eventually(async () => (await balanceOf(user)) === 1000 - 334);
    const purchase = (await ledger(user)).find((r) => r.reason === "purchase")!;
    expect(await paymentOf(user, purchase.referenceId)).toMatchObject({ status: "partially_refunded" });
    await stripe().refunds.create({ payment_intent: bought.intentId, amount: 2000 });
    await eventually(async () => (await balanceOf(user)) === 0);
    expect((await ledger(user)).filter((r) => r.reason === "refund").map((r) => r.delta)).toEqual([-666, -334]);
  });

  it("points already spent: the balance stops at 0, the rest is owed, paying with points is refused until covered", async () => {
    const user = await createTestUser({ points: 0 });
    const admin = await createTestUser({ roles: ["admin"] });
    const bought = await boughtPoints(user, 10); // 333 points
    await debitPoints({ userId: user.userId, amount: 300, reason: "render", referenceId: "spent" });
    await stripe().refunds.create({ payment_intent: bought.intentId });
    await eventually(async () => (await account(user)).pointsOwed === 300);
    expect(await balanceOf(user)).toBe(0);
    const flagged = (await get(admin, "/api/admin/flagged-accounts")).accounts;
    expect(flagged).toContainEqual(expect.objectContaining({ userId: user.userId, pointsOwed: 300, points: 0 }));
    expect((await user.call("/api/admin/flagged-accounts")).status).toBe(403);

    // More points arrive, but they cover what is owed first.
    await creditPoints({ userId: user.userId, delta: 200, reason: "other", comment: "Goodwill" });
    const screenplay = await readyScreenplay(user, 1);
    const refused = await post(user, "/api/renders", { screenplayId: screenplay.id, title: "Owed", style: "noir" });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(
      "Your account owes 100 points from a refunded or disputed payment. Buy points to cover them before paying with points.",
    );
    expect(await balanceOf(user)).toBe(0);
    await boughtPoints(user, 10).catch(() => undefined); // the credit is settled against what is owed at once
    await eventually(async () => (await account(user)).pointsOwed === 0);
    expect(await balanceOf(user)).toBe(233);
    expect((await get(admin, "/api/admin/flagged-accounts")).accounts).not.toContainEqual(expect.objectContaining({ userId: user.userId }));
    const rows = await ledger(user);
    expect(rows.reduce((sum, r) => sum + r.delta, 0)).toBe(233); // the ledger still sums to the balance
  });
});

describe("card disputes hold the points until they are decided", () => {
  it("opened: points taken back and the account flagged; won: given back; each event applies once", async () => {
    const user = await createTestUser({ points: 0 });
    const admin = await createTestUser({ roles: ["admin"] });
    const bought = await boughtPoints(user, 20); // 666 points
    const id = `dp_${user.userId.slice(0, 8)}`;
    for (let i = 0; i < 2; i++)
      expect(
        (await deliverSigned({ type: "charge.dispute.created", object: dispute(id, bought.chargeId, 2000, "needs_response") })).status,
      ).toBe(200);
    expect(await balanceOf(user)).toBe(0);
    expect(await account(user)).toMatchObject({ openDisputes: 1 });
    expect((await get(admin, "/api/admin/flagged-accounts")).accounts).toContainEqual(
      expect.objectContaining({ userId: user.userId, openDisputes: 1 }),
    );
    const purchase = (await ledger(user)).find((r) => r.reason === "purchase")!;
    expect(await paymentOf(user, purchase.referenceId)).toMatchObject({ status: "disputed" });
    for (let i = 0; i < 2; i++) await deliverSigned({ type: "charge.dispute.closed", object: dispute(id, bought.chargeId, 2000, "won") });
    expect(await balanceOf(user)).toBe(666);
    expect(await account(user)).toMatchObject({ openDisputes: 0 });
    expect((await ledger(user)).filter((r) => r.reason === "dispute").map((r) => [r.delta, r.referenceId])).toEqual([
      [666, purchase.referenceId],
      [-666, purchase.referenceId],
    ]);
    expect(await paymentOf(user, purchase.referenceId)).toMatchObject({ status: "paid" });
  });

  it("opened with the points spent: owed; lost: stays owed and the dispute flag is lifted", async () => {
    const user = await createTestUser({ points: 0 });
    const bought = await boughtPoints(user, 10); // 333
    await debitPoints({ userId: user.userId, amount: 333, reason: "render", referenceId: "spent" });
    const id = `dp_${user.userId.slice(0, 8)}`;
    await deliverSigned({ type: "charge.dispute.created", object: dispute(id, bought.chargeId, 1000, "needs_response") });
    expect(await account(user)).toMatchObject({ points: 0, pointsOwed: 333, openDisputes: 1 });
    await deliverSigned({ type: "charge.dispute.closed", object: dispute(id, bought.chargeId, 1000, "lost") });
    expect(await account(user)).toMatchObject({ points: 0, pointsOwed: 333, openDisputes: 0 });
  });
});

const standIn = await hasSubscriptionPrices();

describe.skipIf(!standIn)("refunds of subscription invoices", () => {
  it("refunding the first invoice takes back its month of points", async () => {
    const { user } = await subscribed("storyboard_starter_monthly", 1000);
    const { data: record } = await db.entities.userSubscription.get({ userId: user.userId }).go();
    const invoiceId = (await stripe().subscriptions.retrieve(record!.subscriptionId)).latest_invoice as string;
    const { data: payments } = await stripe().invoicePayments.list({ invoice: invoiceId });
    await stripe().refunds.create({ payment_intent: payments[0].payment.payment_intent as string, amount: 1350 });
    await eventually(async () => (await balanceOf(user)) === 500);
    expect((await ledger(user)).find((r) => r.reason === "refund")).toMatchObject({ delta: -500, referenceId: invoiceId });
  });

  it("refunding an upgrade on day 15 takes back the upgrade's points", async () => {
    const { user, advance } = await subscribed("storyboard_starter_monthly", 1000);
    await advance(15);
    const changed = await call(user, "PUT", "/api/userSubscription", { priceId: "storyboard_pro_monthly" });
    expect(changed.status).toBe(200);
    await eventually(async () => (await balanceOf(user)) > 1000);
    const { data: record } = await db.entities.userSubscription.get({ userId: user.userId }).go();
    const invoiceId = (await stripe().subscriptions.retrieve(record!.subscriptionId)).latest_invoice as string;
    const { data: payments } = await stripe().invoicePayments.list({ invoice: invoiceId });
    await stripe().refunds.create({ payment_intent: payments[0].payment.payment_intent as string });
    await eventually(async () => (await balanceOf(user)) === 1000);
  });
});
