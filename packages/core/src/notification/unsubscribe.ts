import { timingSafeEqual } from "node:crypto";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { completePreferences } from "./preferences";
import { UNSUBSCRIBE_SETTINGS, type UnsubscribeSetting } from "./templates";

/** docs/product.md#notifications: the friendly names of the settings an unsubscribe link can switch off. */
export const UNSUBSCRIBE_SETTING_NAMES: Record<UnsubscribeSetting, string> = {
  emailNotifications: "Email Notifications",
  marketingEmails: "Marketing Emails",
  renderNotifications: "Render Notifications",
  weeklyDigest: "Weekly Digest",
};

const INVALID_LINK = "This unsubscribe link is invalid or has expired.";

/**
 * One-click unsubscribe without signing in (POST /api/unsubscribe). Tokens are
 * `<userId>.<secret>`: the id finds the user, the secret must match.
 */
export async function unsubscribe(token: string, setting: string): Promise<{ message: string; email: string }> {
  if (!(UNSUBSCRIBE_SETTINGS as readonly string[]).includes(setting)) throw AppError.badRequest("Unknown notification setting.");
  const userId = token.split(".")[0];
  if (!userId || token.length > 200) throw AppError.badRequest(INVALID_LINK);
  const { data: user } = await db.entities.user.get({ userId }).go();
  const expected = Buffer.from(user?.unsubscribeToken ?? "");
  const given = Buffer.from(token);
  if (!user || expected.length !== given.length || !timingSafeEqual(expected, given)) throw AppError.badRequest(INVALID_LINK);
  const preferences = { ...completePreferences(user.notificationPreferences), [setting]: false };
  await db.entities.user.patch({ userId }).set({ notificationPreferences: preferences }).go();
  const name = UNSUBSCRIBE_SETTING_NAMES[setting as UnsubscribeSetting];
  return { message: `You have been unsubscribed from ${name}.`, email: user.email };
}
