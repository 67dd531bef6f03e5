import { useActor, useUserId } from "@storyboard/core/actor";
import { changePassword } from "@storyboard/core/auth/password";
import { accountSettingsSchema, MESSAGES, notificationPreferencesSchema, passwordChangeRequestSchema } from "@storyboard/core/auth/schema";
import { AppError } from "@storyboard/core/error";
import { getSettings, updateAccount, updateNotificationPreferences } from "@storyboard/core/user/settings";
import { z } from "zod";
import { api, validate } from "../../shared/handler";

const preferencesRequest = z.object({ notificationPreferences: notificationPreferencesSchema.partial() });
/** The spec makes fullName optional; the shared form schema requires the key (the form always sends it). */
const accountRequest = accountSettingsSchema;
const has = (body: Record<string, unknown>, ...keys: string[]) => keys.some((k) => k in body);

/**
 * PUT /api/user/settings takes one of three shapes (docs/product.md#api), told apart by
 * their keys: notification preferences, a password change, or the account.
 */
export const handler = api({}, async ({ body: raw }) => {
  const body = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const userId = useUserId();
  if (has(body, "notificationPreferences")) {
    const { notificationPreferences } = validate(preferencesRequest, body);
    await updateNotificationPreferences(userId, notificationPreferences);
    return getSettings(userId);
  }
  if (has(body, "currentPassword", "newPassword")) {
    const input = validate(passwordChangeRequestSchema, body);
    if (typeof body.confirmPassword === "string" && body.confirmPassword !== input.newPassword) {
      throw new AppError("validation", MESSAGES.passwordsMatch);
    }
    const actor = useActor();
    await changePassword({ userId, sessionId: actor.type === "user" ? actor.sessionId : "", ...input });
    return { message: "Your password has been updated." };
  }
  if (has(body, "email", "fullName", "timezone")) {
    return updateAccount(userId, validate(accountRequest, body));
  }
  throw AppError.badRequest("Nothing to update: send the account fields, a password change or notification preferences.");
});
