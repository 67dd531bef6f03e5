import { timingSafeEqual } from "node:crypto";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { isUnsubscribeSetting, UNSUBSCRIBE_SETTING_NAMES, withChanges } from "./constants";

export { UNSUBSCRIBE_SETTING_NAMES };

const INVALID_LINK = "This unsubscribe link is invalid or has expired.";

/**
 * Unsubscribe without signing in: the page of an e-mail's link (POST
 * /api/unsubscribe) and a mail client's one-click POST (RFC 8058). Tokens are
 * `<userId>.<secret>`: the id finds the user, the secret must match. The
 * switch is written as Settings writes it, so Settings shows what was turned off.
 */
export async function unsubscribe(token: string, setting: string): Promise<{ message: string; email: string }> {
  if (!isUnsubscribeSetting(setting)) throw AppError.badRequest("Unknown notification setting.");
  const userId = token.split(".")[0];
  if (!userId || token.length > 200) throw AppError.badRequest(INVALID_LINK);
  const { data: user } = await db.entities.user.get({ userId }).go();
  const expected = Buffer.from(user?.unsubscribeToken ?? "");
  const given = Buffer.from(token);
  if (!user || expected.length !== given.length || !timingSafeEqual(expected, given)) throw AppError.badRequest(INVALID_LINK);
  const preferences = withChanges(user.notificationPreferences, { [setting]: false });
  await db.entities.user.patch({ userId }).set({ notificationPreferences: preferences }).go();
  return { message: `You have been unsubscribed from ${UNSUBSCRIBE_SETTING_NAMES[setting]}.`, email: user.email };
}
