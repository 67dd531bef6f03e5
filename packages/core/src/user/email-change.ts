/**
 * Changing the sign-in e-mail (docs/product.md#accounts, docs/decisions.md#hardening):
 * the current password, then a 6-digit code sent to the NEW address and bound
 * to the account that asked for it. Only then does the address move; every
 * other session ends and the old address is told.
 */
import { z } from "zod";
import { useSessionId, useUserId } from "../actor";
import { consumeCode, issueCode } from "../auth/codes";
import { normalizeEmail } from "../auth/email";
import { changeIdentityEmail, passwordIdentityOf } from "../auth/identity";
import { assertCurrentPassword } from "../auth/password";
import { MESSAGES } from "../auth/schema";
import { endOtherSessions } from "../auth/session";
import { failedItems } from "../dynamo/errors";
import { db } from "../dynamo/service";
import { AppError, validate } from "../error";
import { logger } from "../logger";
import { sendMail } from "../notification/mailer";
import { emailChangedMail } from "../notification/templates";
import { DUPLICATE_EMAIL_MESSAGE } from "./account";
import { getUser, ownerOf } from "./user";

export const emailChangeRequestSchema = z.object({
  email: z.email({ error: MESSAGES.email }),
  currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required"),
});
export const emailChangeConfirmSchema = z.object({
  email: z.email({ error: MESSAGES.email }),
  confirmationCode: z.string().regex(/^\d{6}$/, "Enter the 6-digit code we sent to your new address."),
});

export const SAME_EMAIL_MESSAGE = "That is already your e-mail address.";
export const GOOGLE_ONLY_EMAIL_MESSAGE =
  "This account signs in with Google. To change its e-mail, first add a password with Forgot password.";
export const codeSentMessage = (email: string) => `We sent a 6-digit code to ${email}. Enter it to confirm your new e-mail address.`;

/** Step 1: checks the current password (counted like a sign-in) and sends a code to the new address if it is free. */
export async function requestEmailChange(raw: unknown): Promise<{ message: string; email: string }> {
  const input = validate(emailChangeRequestSchema, raw);
  const user = await getUser(useUserId());
  const email = normalizeEmail(input.email);
  if (email === user.email) throw AppError.badRequest(SAME_EMAIL_MESSAGE);
  if (!(await passwordIdentityOf(user.email))) throw AppError.badRequest(GOOGLE_ONLY_EMAIL_MESSAGE);
  await assertCurrentPassword(user.email, input.currentPassword);
  // The same answer whether or not the address is taken (docs/decisions.md#enumeration): a taken address gets
  // a code stored (so the resend limit counts alike) but never sent, so nobody can confirm it.
  const taken = Boolean(await ownerOf("email", email));
  await issueCode(email, "changeEmail", { deliver: !taken, boundTo: user.userId });
  return { message: codeSentMessage(email), email };
}

/** Step 2: with the code from the new inbox, moves the address; other sessions end; the old address is told. */
export async function confirmEmailChange(raw: unknown): Promise<{ message: string; email: string }> {
  const input = validate(emailChangeConfirmSchema, raw);
  const userId = useUserId();
  const user = await getUser(userId);
  const email = normalizeEmail(input.email);
  // The code is bound to the account that asked for it: another account's code for the same address does not fit.
  await consumeCode(email, "changeEmail", input.confirmationCode, userId);

  const moveEmail = (from: string, to: string) =>
    db.transaction
      .write((tx) => [
        tx.user
          .patch({ userId })
          .set({ email: to })
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
  await endOtherSessions(userId, useSessionId());
  try {
    await sendMail({ to: user.email, ...emailChangedMail({ recipient: user, newEmail: email }) });
  } catch (error) {
    logger.error("E-mail change notice not sent", { error: error as Error });
  }
  return { message: `Your e-mail address is now ${email}.`, email };
}
