import { useUserId } from "../actor";
import { normalizeEmail } from "../auth/email";
import { changeIdentityEmail } from "../auth/identity";
import { changePassword } from "../auth/password";
import { MESSAGES, type NotificationPreferences, updateSettingsRequestSchema } from "../auth/schema";
import { failedItems } from "../dynamo/errors";
import { db } from "../dynamo/service";
import { AppError, validate } from "../error";
import { logger } from "../logger";
import { sendMail } from "../notification/mailer";
import { completePreferences } from "../notification/preferences";
import { emailChangedMail } from "../notification/templates";
import { DUPLICATE_EMAIL_MESSAGE } from "./account";
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

/**
 * Settings → account. An e-mail change moves the e-mail claim in one
 * transaction (409 if the new one is taken), then moves the Cognito identity;
 * if that fails the table is put back. The old address is told of the change.
 */
export async function updateAccount(input: { email: string; fullName?: string; timezone: string }): Promise<Settings> {
  const userId = useUserId();
  if (!isTimeZone(input.timezone)) throw new AppError("validation", MESSAGES.timezone);
  const user = await getUser(userId);
  const email = normalizeEmail(input.email);
  const fullName = input.fullName?.trim() || undefined;
  const profile = (patch: ReturnType<typeof db.entities.user.patch>) => {
    const withTimezone = patch.set({ timezone: input.timezone, ...(fullName ? { fullName } : {}) });
    return fullName ? withTimezone : withTimezone.remove(["fullName"]);
  };

  if (email === user.email) {
    await profile(db.entities.user.patch({ userId })).go();
    return settingsOf(userId);
  }

  const moveEmail = (from: string, to: string) =>
    db.transaction
      .write((tx) => [
        tx.user
          .patch({ userId })
          .set({ email: to, timezone: input.timezone, ...(fullName ? { fullName } : {}) })
          .where((a, { eq }) => eq(a.email, from))
          .commit(),
        tx.unique.delete({ kind: "email", value: from }).commit(),
        tx.unique.create({ kind: "email", value: to, ownerId: userId }).commit(),
      ])
      .go();
  const moved = await moveEmail(user.email, email);
  if (moved.canceled) {
    if (failedItems(moved.data).includes(2)) throw AppError.conflict(DUPLICATE_EMAIL_MESSAGE);
    throw AppError.conflict("Your account changed in the meantime. Reload and try again.");
  }
  try {
    await changeIdentityEmail(user.email, email);
  } catch (error) {
    await moveEmail(email, user.email);
    throw error;
  }
  if (!fullName) await db.entities.user.patch({ userId }).remove(["fullName"]).go();
  try {
    await sendMail({ to: user.email, ...emailChangedMail({ recipient: user, newEmail: email }) });
  } catch (error) {
    logger.error("E-mail change notice not sent", { error: error as Error });
  }
  return settingsOf(userId);
}

/** Settings → notifications: merges the given switches into the stored ones. */
export async function updateNotificationPreferences(changes: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
  const userId = useUserId();
  const user = await getUser(userId);
  const merged = completePreferences(user.notificationPreferences);
  for (const [key, value] of Object.entries(changes)) {
    if (typeof value === "boolean" && key in merged) merged[key as keyof NotificationPreferences] = value;
  }
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
