/** Sends the subscription e-mails if the user's `payment` preference (and the master switch) allows; never throws. */
import { db } from "../dynamo/service";
import { logger } from "../logger";
import { sendMail } from "../notification/mailer";
import { shouldNotify } from "../notification/preferences";
import { type SubscriptionMailInput, subscriptionMail } from "../notification/subscription-templates";
import { planForPriceId } from "./price";

/** "Pro (monthly)" / "Pro (annual)"; the raw id for a price outside the catalogue. */
export function planLabel(priceId: string | null | undefined): string {
  const active = priceId ? planForPriceId(priceId) : null;
  if (!active) return priceId ?? "your plan";
  return `${active.plan.name} (${active.interval === "month" ? "monthly" : "annual"})`;
}

export async function sendSubscriptionMail(userId: string, input: Omit<SubscriptionMailInput, "recipient">): Promise<boolean> {
  try {
    const { data: user } = await db.entities.user.get({ userId }).go();
    if (!user || !shouldNotify(user, "payment")) return false;
    await sendMail({ to: user.email, ...subscriptionMail({ ...input, recipient: user }) });
    return true;
  } catch (error) {
    logger.error("Subscription e-mail not sent", { error: error as Error, userId, kind: input.kind });
    return false;
  }
}
