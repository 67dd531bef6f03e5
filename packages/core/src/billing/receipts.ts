/** The receipt e-mail of every successful payment, if the `payment` preference allows it (docs/product.md#notifications). */
import { db } from "../dynamo/service";
import { logger } from "../logger";
import { sendMail } from "../notification/mailer";
import { shouldNotify } from "../notification/preferences";
import { paymentReceiptMail } from "../notification/receipt-templates";
import type { OurIntent } from "./intents";

/**
 * Never throws: a payment is not undone because its receipt could not be sent. Returns whether it was sent.
 * `balance` is the one the payment's own transaction left, never a later read.
 */
export async function sendReceipt(intent: OurIntent, method: string, balance: number): Promise<boolean> {
  try {
    const { data: user } = await db.entities.user.get({ userId: intent.userId }).go();
    if (!user || !shouldNotify(user, "payment")) return false;
    await sendMail({
      to: user.email,
      ...paymentReceiptMail({
        recipient: user,
        payment: {
          id: intent.paymentId,
          amount: intent.amount,
          currency: intent.currency,
          description: intent.description,
          method,
          points: intent.points,
          kind: intent.kind,
        },
        balance,
      }),
    });
    return true;
  } catch (error) {
    logger.error("Payment receipt not sent", { error: error as Error, paymentId: intent.paymentId });
    return false;
  }
}
