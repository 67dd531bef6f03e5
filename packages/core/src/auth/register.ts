import { AppError } from "../error";
import { createAccount, DUPLICATE_EMAIL_MESSAGE } from "../user/account";
import { isTimeZone } from "../user/timezone";
import { ownerOf, type UserItem } from "../user/user";
import { consumeCode, issueCode } from "./codes";
import { normalizeEmail } from "./email";
import { deletePasswordIdentity, setPassword } from "./identity";
import { MESSAGES } from "./schema";

/** POST /api/auth/send-confirmation: always sends a code (the code proves the inbox; it reveals nothing). */
export async function sendRegistrationCode(rawEmail: string): Promise<void> {
  await issueCode(normalizeEmail(rawEmail), "register", { deliver: true });
}

export interface Registration {
  email: string;
  fullName?: string;
  timezone: string;
  password: string;
  confirmationCode: string;
  referralCode?: string;
}

/**
 * Registers an account. Order matters: the code is checked first (so a 409
 * tells nothing to someone without the inbox), then the e-mail, then the
 * Cognito identity, then the one DB transaction; if that fails, an identity
 * made just now is deleted again, so nothing is left half-written.
 */
export async function register(input: Registration): Promise<UserItem> {
  const email = normalizeEmail(input.email);
  if (!isTimeZone(input.timezone)) throw new AppError("validation", MESSAGES.timezone);
  await consumeCode(email, "register", input.confirmationCode);
  if (await ownerOf("email", email)) throw AppError.conflict(DUPLICATE_EMAIL_MESSAGE);
  const identity = await setPassword(email, input.password);
  try {
    return await createAccount({
      email,
      fullName: input.fullName?.trim() || undefined,
      timezone: input.timezone,
      identityId: identity.identityId,
      referralCode: input.referralCode,
    });
  } catch (error) {
    if (identity.created) await deletePasswordIdentity(email);
    throw error;
  }
}
