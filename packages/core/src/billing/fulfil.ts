/**
 * Turning a succeeded PaymentIntent into points, exactly once
 * (docs/product.md#payments, docs/decisions.md#payments). The credit, its
 * ledger item, the payments record and the idempotency claim
 * `stripe:payment_intent:<id>` are one transaction, whoever writes it first:
 * the webhook, or `purchase-render` for a render bought by card.
 */
import { logger } from "../logger";
import { creditKnowingBalance } from "../points/known-balance";
import { ledgerEntryItem, type TransactionEntities } from "../points/points";
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
 * false when it was already credited. A points purchase sends its receipt
 * with the balance this credit left; a render bought by card is receipted by
 * purchase-render once the render has spent the points (the balance it states
 * is the one after the render, docs/decisions.md#e-mails-state-the-balance-their-transaction-left).
 */
export async function creditSucceededIntent(paid: OurIntent): Promise<boolean> {
  if (!paid.succeeded) return false;
  const intent = { ...paid, points: await pointsInForce(paid) };
  if (intent.points <= 0) return false;
  const method = await paymentMethodLabel(intent.paymentMethodId);
  const credit = await creditKnowingBalance(
    {
      userId: intent.userId,
      delta: intent.points,
      reason: "purchase",
      referenceId: intent.paymentId,
      comment: purchaseComment(intent),
      idempotencyKey: creditKey(intent.id),
    },
    (tx) => paymentRecordItems(tx, intent, method),
  );
  if (credit.outcome === "duplicate") return false; // the claim: credited before (a duplicate event or purchase-render)
  if (credit.outcome === "noUser") {
    logger.warn("Payment for a user who no longer exists", { paymentIntentId: intent.id, userId: intent.userId });
    return false;
  }
  logger.info("Payment credited", { paymentIntentId: intent.id, userId: intent.userId, points: intent.points });
  if (intent.kind === "points") await sendReceipt(intent, method, credit.balance);
  return true;
}
