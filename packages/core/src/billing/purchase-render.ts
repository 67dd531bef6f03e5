/**
 * `POST /api/purchase-render` (docs/product.md#payments): a render whose
 * missing points were bought by card. The intent is checked with Stripe
 * (succeeded, ours, this screenplay, not used before), then the render is
 * created exactly as `POST /api/renders` does, with the purchase credit, the
 * render debit and their net balance change in the render's own transaction
 * (docs/decisions.md#a-render-by-card-pays-only-what-is-missing).
 * docs/decisions.md#payments has the two claims.
 */
import { useUserId } from "../actor";
import { db } from "../dynamo/service";
import { AppError, validate } from "../error";
import { createRender, payWithPoints, type RenderPayment } from "../render/create";
import { type Account, accountNow, pinnedBalanceItem, pinnedDebitItems } from "../points/known-balance";
import { getOwnScreenplay } from "../screenplay/records";
import { creditSucceededIntent, renderPurchaseCreditItems } from "./fulfil";
import { creditKey, ourIntent, paymentMethodLabel, renderPurchaseKey, retrieveIntent, type OurIntent } from "./intents";
import { pointsInForce } from "./rates";
import { sendReceipt } from "./receipts";
import { purchaseRenderSchema, type PurchaseRenderInput } from "./schema";

const ALREADY_USED = "This payment has already been used for a render.";
/** The webhook credited the intent first: the render is then paid from the balance. */
const CREDITED_BY_WEBHOOK = new AppError("conflict", "credited");
/** The balance moved between its read and the render's transaction: read it again. */
const BALANCE_MOVED = new AppError("conflict", "balance moved");
const NOT_COVERED = new AppError(
  "payment_required",
  "Your balance changed while you paid, and it no longer covers the rest of this render. The points you bought are on your balance.",
);

const claimExists = async (value: string) => !!(await db.entities.unique.get({ kind: "idempotency", value }).go()).data;

export async function purchaseRender(raw: PurchaseRenderInput) {
  const input = validate(purchaseRenderSchema, raw);
  const userId = useUserId();
  const intent = await verifiedIntent(input.paymentIntentId, input.screenplayId, userId);
  // Every setting of the render as POST /api/renders takes it (aspect, PDF layout, timelines' frame rate, sound mix):
  // a render paid by card is the render the writer prepared. The payment, not a request key, makes it happen once.
  const { paymentIntentId: _paid, renderTitle, idempotencyKey: _key, ...settings } = input;
  const render = { ...settings, title: renderTitle };
  const method = await paymentMethodLabel(intent.paymentMethodId);
  const claimRender = (tx: Parameters<RenderPayment>[0]) =>
    tx.unique.create({ kind: "idempotency", value: renderPurchaseKey(intent.id), ownerId: userId }).commit();

  // Paid at the rate in force now (docs/decisions.md#discounts-end-with-the-plan).
  const bought = { ...intent, points: await pointsInForce(intent) };
  /** The render's cost as its transaction charged it, for the receipt's balance. */
  let charged = 0;
  // Each payment is pinned to the balance read just before it, so the receipt states the balance the
  // render's own transaction left (docs/decisions.md#e-mails-state-the-balance-their-transaction-left).
  // The usual path: the purchase credit and the render debit in the ledger, one net balance
  // change (the balance must cover the rest of the render), both claims, the payment record.
  const creditAndDebit =
    (account: Account): RenderPayment =>
    (tx, charge) => {
      charged = charge.cost;
      const net = bought.points - charge.cost;
      // Points owed cannot pay: the card then bought the whole render (payments.ts).
      if ((account.owed > 0 ? 0 : account.balance) + net < 0) throw NOT_COVERED;
      const credit = renderPurchaseCreditItems(tx, bought, method);
      const debit = payWithPoints(tx, charge).items.slice(1);
      const items = [...credit, ...debit, pinnedBalanceItem(tx, userId, account, net), claimRender(tx)];
      return {
        items,
        errors: { 0: CREDITED_BY_WEBHOOK, [credit.length + debit.length]: BALANCE_MOVED, [items.length - 1]: AppError.conflict(ALREADY_USED) },
      };
    };
  // The webhook was first: its points are on the balance; debit the render like any other.
  // The claim first: a concurrent twin is told "already used" rather than "no points".
  const fromBalance =
    (account: Account): RenderPayment =>
    (tx, { userId: owner, cost, renderJobId, title }) => {
      charged = cost;
      if (account.balance < cost || account.owed > 0) throw NOT_COVERED;
      return {
        items: [claimRender(tx), ...pinnedDebitItems(tx, account, { userId: owner, amount: cost, reason: "render", referenceId: renderJobId, comment: `Render: ${title}` })],
        errors: { 0: AppError.conflict(ALREADY_USED), 1: BALANCE_MOVED },
      };
    };

  // A transaction that lost a race to another one touching the same claim is cancelled
  // without a condition failing; the claims then say what happened, or we try again.
  for (let attempt = 1; ; attempt++) {
    try {
      // The claim first, then the balance: a credit seen here is already in the balance read after it.
      const creditedFirst = await claimExists(creditKey(intent.id));
      const account = await accountNow(userId);
      if (!account) throw AppError.unauthorized();
      if (creditedFirst) {
        // The webhook credited first: its points are on the balance.
        const created = await createRender(render, fromBalance(account));
        await sendReceipt(bought, method, account.balance - charged);
        return { renderJob: created, id: created.id };
      }
      const created = await createRender(render, creditAndDebit(account));
      await sendReceipt(bought, method, account.balance + bought.points - charged);
      return { renderJob: created, id: created.id };
    } catch (error) {
      if (error === NOT_COVERED) {
        // A twin call with the same payment started the render and spent the points: that is "already used".
        if (await claimExists(renderPurchaseKey(intent.id))) throw AppError.conflict(ALREADY_USED);
        // The balance fell while the card was paid: the points bought stay, as points.
        await creditSucceededIntent(intent);
        throw error;
      }
      const retryable = error === CREDITED_BY_WEBHOOK || error === BALANCE_MOVED;
      if (!retryable && !(error instanceof AppError && error.code === "conflict" && error.message !== ALREADY_USED)) throw error;
      if (await claimExists(renderPurchaseKey(intent.id))) throw AppError.conflict(ALREADY_USED);
      if (attempt >= 8) throw error;
    }
  }
}

/** The intent, if it paid for a render of this screenplay by this user and was not used before; a 4xx otherwise. */
async function verifiedIntent(paymentIntentId: string, screenplayId: string, userId: string): Promise<OurIntent> {
  if (await claimExists(renderPurchaseKey(paymentIntentId))) throw AppError.conflict(ALREADY_USED);
  const intent = ourIntent(await retrieveIntent(paymentIntentId));
  // Another user's payment is answered like a missing one (docs/product.md#roles).
  if (!intent || intent.userId !== userId) throw AppError.notFound("Payment not found.");
  if (intent.kind !== "render") throw AppError.badRequest("This payment was not made for a render.");
  if (!intent.succeeded) throw new AppError("payment_required", "This payment has not been completed.");
  // The screenplay must still be the user's; the points bought are checked against the render in its transaction.
  await getOwnScreenplay(screenplayId);
  if (intent.screenplayId !== screenplayId || intent.currency !== "usd") {
    throw AppError.badRequest("This payment was made for another render. Its points were added to your balance instead.");
  }
  return intent;
}
