import { useUserId } from "../actor";
import { normalizeEmail } from "../auth/email";
import { changePassword } from "../auth/password";
import { MESSAGES, type NotificationPreferences, updateSettingsRequestSchema } from "../auth/schema";
import { db } from "../dynamo/service";
import { AppError, validate } from "../error";
import { completePreferences, withChanges } from "../notification/constants";
import { isTimeZone } from "./timezone";
import { getUser } from "./user";

export interface Settings {
  email: string;
  fullName: string | null;
  timezone: string;
  notificationPreferences: NotificationPreferences;
}

/** The settings of the user asking. */
export const getSettings = (): Promise<Settings> => settingsOf(useUserId());

async function settingsOf(userId: string): Promise<Settings> {
  const user = await getUser(userId);
  return {
    email: user.email,
    fullName: user.fullName ?? null,
    timezone: user.timezone ?? "UTC",
    notificationPreferences: completePreferences(user.notificationPreferences),
  };
}

export const EMAIL_NEEDS_CODE_MESSAGE =
  "To change your e-mail address, confirm it with your current password and the code we send to the new address.";

/**
 * Settings → account: name and timezone. The e-mail moves only through the
 * confirmed change (user/email-change.ts); a different one here is refused.
 */
export async function updateAccount(input: { email: string; fullName?: string; timezone: string }): Promise<Settings> {
  const userId = useUserId();
  if (!isTimeZone(input.timezone)) throw new AppError("validation", MESSAGES.timezone);
  const user = await getUser(userId);
  if (normalizeEmail(input.email) !== user.email) throw AppError.badRequest(EMAIL_NEEDS_CODE_MESSAGE);
  const fullName = input.fullName?.trim() || undefined;
  const patch = db.entities.user.patch({ userId }).set({ timezone: input.timezone, ...(fullName ? { fullName } : {}) });
  await (fullName ? patch : patch.remove(["fullName"])).go();
  return settingsOf(userId);
}

/** Settings → notifications: merges the given switches into the stored ones. */
export async function updateNotificationPreferences(changes: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
  const userId = useUserId();
  const user = await getUser(userId);
  const merged = withChanges(user.notificationPreferences, changes);
  await db.entities.user.patch({ userId }).set({ notificationPreferences: merged }).go();
  return merged;
}

export const PASSWORD_UPDATED = "Your password has been updated.";
const has = (body: Record<string, unknown>, ...keys: string[]) => keys.some((k) => k in body);

/**
 * PUT /api/user/settings: one of the three shapes of `updateSettingsRequestSchema`
 * (the account, a password change, or notification preferences), told apart by
 * their keys (docs/product.md#accounts).
 */
export async function updateSettings(raw: unknown): Promise<Settings | { message: string }> {
  const body = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const [accountRequest, passwordRequest, preferencesRequest] = updateSettingsRequestSchema.options;
  if (has(body, "notificationPreferences")) {
    await updateNotificationPreferences(validate(preferencesRequest, body).notificationPreferences);
    return getSettings();
  }
  if (has(body, "currentPassword", "newPassword")) {
    const input = validate(passwordRequest, body);
    // The form sends its confirmation too; a client that sends one gets it checked.
    if (typeof body.confirmPassword === "string" && body.confirmPassword !== input.newPassword) {
      throw new AppError("validation", MESSAGES.passwordsMatch);
    }
    await changePassword(input);
    return { message: PASSWORD_UPDATED };
  }
  if (has(body, "email", "fullName", "timezone")) return updateAccount(validate(accountRequest, body));
  throw AppError.badRequest("Nothing to update: send the account fields, a password change or notification preferences.");
}
