import { useSessionId, useUserId } from "../actor";
import { db } from "../dynamo/service";
import { AppError, isAppError } from "../error";
import { findUserByEmail, getUser, type UserItem } from "../user/user";
import { consumeCode, issueCode } from "./codes";
import { normalizeEmail } from "./email";
import { checkPassword, passwordIdentityOf, setPassword } from "./identity";
import { beginAttempt, clearFailures, recordFailure } from "./lockout";
import { endOtherSessions } from "./session";

/** One answer for a wrong password, an unknown e-mail or a Google-only account: it never says which. */
export const LOGIN_FAILED_MESSAGE = "Invalid email or password.";

/** `address` is the client's (docs/decisions.md#client-address): failures slow that address for this e-mail. */
export async function login(rawEmail: string, password: string, address: string): Promise<UserItem> {
  const email = normalizeEmail(rawEmail);
  await beginAttempt(email, "login", address);
  const user = (await checkPassword(email, password)) ? await findUserByEmail(email) : undefined;
  if (!user) {
    await recordFailure(email, "login", address, () => findUserByEmail(email));
    throw AppError.unauthorized(LOGIN_FAILED_MESSAGE);
  }
  await clearFailures(email, "login", address);
  return user;
}

/**
 * POST /api/auth/send-password-reset. The same answer whether or not the
 * account exists: for an unknown e-mail the code is stored (so the resend limit
 * counts alike) but never sent.
 */
export async function sendPasswordResetCode(rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  const user = await findUserByEmail(email);
  await issueCode(email, "resetPassword", { deliver: !!user });
}

/**
 * Sets a new password after our own code check (cognito-local has no
 * AdminResetUserPassword). A Google-only account gains a password identity
 * here. Every existing session ends; the caller opens a fresh one.
 */
export async function resetPassword(rawEmail: string, password: string, code: string, address: string): Promise<UserItem> {
  const email = normalizeEmail(rawEmail);
  await beginAttempt(email, "resetPassword", address);
  try {
    await consumeCode(email, "resetPassword", code);
  } catch (error) {
    if (isAppError(error) && error.status === 400) await recordFailure(email, "resetPassword", address, () => findUserByEmail(email));
    throw error;
  }
  const user = await findUserByEmail(email);
  // Only reachable with a code we e-mailed, and we e-mail reset codes only to accounts.
  if (!user) throw AppError.badRequest("The confirmation code is invalid or expired. Please try again.");
  const identity = await setPassword(email, password);
  if (identity.created) {
    await db.entities.unique.put({ kind: "identity", value: identity.identityId, ownerId: user.userId }).go();
  }
  await Promise.all([clearFailures(email, "resetPassword", address), clearFailures(email, "login", address), endOtherSessions(user.userId)]);
  return user;
}

export const WRONG_CURRENT_PASSWORD = "Current password is incorrect.";
export const NO_PASSWORD_YET = "This account signs in with Google. To add a password, use Forgot password.";

/**
 * Checks the signed-in user's current password, counted like a login (the
 * lockout), so a stolen session cannot be used to guess it.
 */
export async function assertCurrentPassword(email: string, password: string): Promise<void> {
  // A signed-in check is slowed per session: the session, not an address, is what a thief would hold.
  const asker = `session:${useSessionId()}`;
  await beginAttempt(email, "login", asker);
  if (!(await checkPassword(email, password))) {
    await recordFailure(email, "login", asker, () => findUserByEmail(email));
    throw AppError.badRequest(WRONG_CURRENT_PASSWORD);
  }
  await clearFailures(email, "login", asker);
}

/** Settings → change password of the user asking: checks the current one with Cognito, then ends every OTHER session. */
export async function changePassword(input: { currentPassword: string; newPassword: string }): Promise<void> {
  const userId = useUserId();
  const user = await getUser(userId);
  if (!(await passwordIdentityOf(user.email))) throw AppError.badRequest(NO_PASSWORD_YET);
  await assertCurrentPassword(user.email, input.currentPassword);
  await setPassword(user.email, input.newPassword);
  await endOtherSessions(userId, useSessionId());
}
