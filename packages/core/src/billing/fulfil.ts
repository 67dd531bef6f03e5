/**
 * Turning a succeeded PaymentIntent into points, exactly once
 * (docs/product.md#payments, docs/decisions.md#payments). The credit, its
 * ledger item, the payments record and the idempotency claim
 * `stripe:payment_intent:<id>` are one transaction, whoever writes it first:
 * the webhook, or `purchase-render` for a render bought by card.
 */
import { failedItems } from "../dynamo/errors";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { logger } from "../logger";
import { creditItems, ledgerEntryItem, type TransactionEntities } from "../points/points";
import { settleShortfall } from "../points/shortfall";
import { creditKey, type OurIntent, paymentMethodLabel } from "./intents";
import { pointsInForce } from "./rates";
import { sendReceipt } from "./receipts";

/** The payments record and its processor id of a paid intent. */
export function paymentRecordItems(tx: TransactionEntities, intent: OurIntent, method: string) {
  return [
    tx.payment
      .create({
        paymentId: intent.paymentId,
        userId: intent.userId,
        amount: intent.amount,
        currency: intent.currency.toUpperCase(),
        status: "paid",
        paymentMethod: method,
        description: intent.description,
        points: intent.points,
      })
      .commit(),
    tx.paymentProcessorId
      .put({ internalId: intent.paymentId, type: "payment_intent", processorName: "stripe", externalId: intent.id })
      .commit(),
  ];
}

const purchaseComment = (intent: OurIntent) => (intent.kind === "points" ? `Purchased ${intent.points} points` : intent.description);

/**
 * Items of the purchase credit WITHOUT the balance update, for a render bought
 * by card: its render debit of the same amount nets the balance to zero and
 * DynamoDB allows one operation per item in a transaction. Index 0 is the
 * claim: rejected means the webhook credited this intent first.
 */
export function renderPurchaseCreditItems(tx: TransactionEntities, intent: OurIntent, method: string) {
  return [
    tx.unique.create({ kind: "idempotency", value: creditKey(intent.id), ownerId: intent.userId }).commit(),
    ledgerEntryItem(tx, {
      userId: intent.userId,
      delta: intent.points,
      reason: "purchase",
      referenceId: intent.paymentId,
      comment: purchaseComment(intent),
    }),
    ...paymentRecordItems(tx, intent, method),
  ];
}

/**
 * Credits a succeeded intent's points once, at most what its amount buys at
 * the rate in force now (docs/decisions.md#discounts-end-with-the-plan);
 * false when it was already credited. Sends the receipt on the first credit.
 */
export async function creditSucceededIntent(paid: OurIntent): Promise<boolean> {
  if (!paid.succeeded) return false;
  const intent = { ...paid, points: await pointsInForce(paid) };
  if (intent.points <= 0) return false;
  const method = await paymentMethodLabel(intent.paymentMethodId);
  const result = await db.transaction
    .write((tx) => [
      ...creditItems(tx, {
        userId: intent.userId,
        delta: intent.points,
        reason: "purchase",
        referenceId: intent.paymentId,
        comment: purchaseComment(intent),
        idempotencyKey: creditKey(intent.id),
      }),
      ...paymentRecordItems(tx, intent, method),
    ])
    .go();
  if (result.canceled) {
    const failed = failedItems(result.data);
    if (failed.includes(2)) return false; // the claim: credited before (a duplicate event or purchase-render)
    if (failed.includes(0)) {
      logger.warn("Payment for a user who no longer exists", { paymentIntentId: intent.id, userId: intent.userId });
      return false;
    }
    throw new AppError("internal", "The payment could not be credited."); // a 500: Stripe retries the event
  }
  logger.info("Payment credited", { paymentIntentId: intent.id, userId: intent.userId, points: intent.points });
  await settleShortfall(intent.userId); // points owed from a refund or dispute are covered first
  await sendReceipt(intent, method);
  return true;
}
