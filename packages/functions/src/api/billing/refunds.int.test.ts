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
 * docs/decisions.md#refunds-and-disputes: refunds and card disputes (real
 * ones, through the stand-in, or forged events) take back the points of the
 * payment; what the balance cannot cover is owed, paying with points waits
 * until it is covered, and admins see the account flagged.
 */
async function boughtPoints(user: TestUser, dollars: number, card = "pm_card_visa") {
  const before = await balanceOf(user);
  const { body } = await post(user, "/api/create-payment-intent-v2", { amount: dollars });
  expect((await confirmCard(body.clientSecret, card)).body.status).toBe("succeeded");
  // A disputed card's points are held again at once: wait for the purchase row instead of the balance.
  if (card === "pm_card_createDispute") await eventually(async () => (await ledger(user)).some((r) => r.reason === "dispute"));
  else await eventually(async () => (await balanceOf(user)) === before + body.points);
  const intent = await stripe().paymentIntents.retrieve(body.paymentIntentId);
  return { intentId: intent.id, chargeId: intent.latest_charge as string, points: body.points as number };
}

const ledger = async (user: TestUser) =>
  (await get(user, "/api/points/ledger?limit=100")).records as { reason: string; delta: number; referenceId: string; comment: string }[];
const paymentOf = async (user: TestUser, id: string) => (await get(user, "/api/payments")).find((p: { id: string }) => p.id === id);
const account = async (user: TestUser) => (await db.entities.user.get({ userId: user.userId }).go()).data!;

/** The dispute Stripe opened at once on a `pm_card_createDispute` payment, once its event is handled. */
/** The stand-in's control API (not a Stripe path): a dispute after the fact, or closed either way. */
async function standInControl(path: string, body: unknown = {}) {
  const res = await fetch(`${process.env.STRIPE_API_URL}/_stand-in${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${process.env.STRIPE_SECRET_KEY}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string };
}

async function disputedPurchase(user: TestUser, dollars: number) {
  const bought = await boughtPoints(user, dollars, "pm_card_createDispute");
  const { data } = await stripe().disputes.list({ charge: bought.chargeId });
  expect(data).toHaveLength(1);
  await eventually(async () => (await account(user)).openDisputes === 1);
  return { ...bought, disputeId: data[0].id };
}

/** What a forged or stale event would say about a dispute: its id with other fields. */
const forged = (id: string, chargeId: string, amount: number, status: string) => ({
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
    const bought = await disputedPurchase(user, 20); // 666 points
    await eventually(async () => (await balanceOf(user)) === 0);
    expect((await get(admin, "/api/admin/flagged-accounts")).accounts).toContainEqual(
      expect.objectContaining({ userId: user.userId, openDisputes: 1 }),
    );
    const purchase = (await ledger(user)).find((r) => r.reason === "purchase")!;
    expect(await paymentOf(user, purchase.referenceId)).toMatchObject({ status: "disputed" });
    // Redelivered: the opening applies once.
    await deliverSigned({ type: "charge.dispute.created", object: forged(bought.disputeId, bought.chargeId, 2000, "needs_response") });
    expect(await balanceOf(user)).toBe(0);
    await stripe().disputes.update(bought.disputeId, { evidence: { uncategorized_text: "winning_evidence" } });
    await eventually(async () => (await balanceOf(user)) === 666);
    await deliverSigned({ type: "charge.dispute.closed", object: forged(bought.disputeId, bought.chargeId, 2000, "won") });
    await settle(500);
    expect(await balanceOf(user)).toBe(666);
    expect(await account(user)).toMatchObject({ openDisputes: 0 });
    expect((await ledger(user)).filter((r) => r.reason === "dispute").map((r) => [r.delta, r.referenceId])).toEqual([
      [666, purchase.referenceId],
      [-666, purchase.referenceId],
    ]);
    expect(await paymentOf(user, purchase.referenceId)).toMatchObject({ status: "paid" });
  });

  it("accepted by the merchant (lost): the points stay taken back and the flag is lifted", async () => {
    const user = await createTestUser({ points: 0 });
    const bought = await disputedPurchase(user, 10); // 333, held at once
    expect(await account(user)).toMatchObject({ points: 0, pointsOwed: 0, openDisputes: 1 });
    await stripe().disputes.close(bought.disputeId);
    await eventually(async () => (await account(user)).openDisputes === 0);
    expect(await account(user)).toMatchObject({ points: 0 });
  });

  it("the dispute is read back from Stripe: a forged 'won' for an open dispute, or a dispute Stripe does not know, changes nothing", async () => {
    const user = await createTestUser({ points: 0 });
    const bought = await disputedPurchase(user, 20); // 666, held
    await deliverSigned({ type: "charge.dispute.closed", object: forged(bought.disputeId, bought.chargeId, 2000, "won") });
    await settle(500);
    expect(await account(user)).toMatchObject({ points: 0, openDisputes: 1 });
    // A made-up dispute id on a real charge: Stripe does not know it, so the webhook is answered with an error and nothing moves.
    const other = await boughtPoints(user, 10); // 333
    const unknown = await deliverSigned({
      type: "charge.dispute.created",
      object: forged("dp_forged", other.chargeId, 1000, "needs_response"),
    });
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(await account(user)).toMatchObject({ points: 333, openDisputes: 1 });
  });

  it("opened after the points were spent: owed; lost: stays owed and the dispute flag is lifted", async () => {
    const user = await createTestUser({ points: 0 });
    const bought = await boughtPoints(user, 10); // 333
    await debitPoints({ userId: user.userId, amount: 333, reason: "render", referenceId: "spent" });
    const opened = await standInControl(`/charges/${bought.chargeId}/dispute`);
    await eventually(async () => (await account(user)).openDisputes === 1);
    expect(await account(user)).toMatchObject({ points: 0, pointsOwed: 333 });
    await standInControl(`/disputes/${opened.id}/close`, { status: "lost" });
    await eventually(async () => (await account(user)).openDisputes === 0);
    expect(await account(user)).toMatchObject({ points: 0, pointsOwed: 333 });
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
