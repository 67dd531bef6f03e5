import { DEFAULT_TIMEZONE } from "../catalog/timezones";
import { isConditionFailed } from "../dynamo/errors";
import { db } from "../dynamo/service";
import { AppError, isAppError } from "../error";
import { createAccount } from "../user/account";
import { findUserByEmail, getUser, ownerOf, type UserItem } from "../user/user";
import { normalizeEmail } from "./email";
import { logger } from "../logger";
import { sendMail } from "../notification/mailer";
import { googleLinkedMail } from "../notification/security-templates";
import { verifyIdToken } from "./identity";

/** The `identities` claim's provider name of the pool's Google identity provider (stacks/auth.ts). */
const GOOGLE_PROVIDER = "Google";

/**
 * POST /api/auth/token-exchange: the ID token from the Google flow (Cognito
 * hosted UI) becomes our account. Found by identity id first, then by e-mail
 * (an existing account is linked to the Google identity), else created with
 * the welcome points and the referral, like a registration.
 */
export async function exchangeIdToken(idToken: string, referralCode?: string): Promise<UserItem> {
  const token = await verifyIdToken(idToken);
  // The pool also holds password identities; their tokens must not skip the password's delays and limits.
  if (token.provider !== GOOGLE_PROVIDER) throw AppError.forbidden("Only Google sign-in is accepted here.");
  const linked = await ownerOf("identity", token.identityId);
  if (linked) return getUser(linked);

  if (!token.email) throw AppError.badRequest("Your Google account did not share an e-mail address.");
  // Linking by e-mail (or claiming a new one) is safe only for an address the provider says is verified:
  // `email_verified` true, whoever the provider is (stacks/auth.ts maps Google's own claim onto it).
  if (!token.emailVerified) {
    throw AppError.forbidden("Your e-mail address is not verified with the sign-in provider.");
  }
  const email = normalizeEmail(token.email);
  const existing = await findUserByEmail(email);
  if (existing) return link(existing, token.identityId);

  try {
    return await createAccount({ email, fullName: token.name, timezone: DEFAULT_TIMEZONE, identityId: token.identityId, referralCode });
  } catch (error) {
    if (!isAppError(error) || error.status !== 409) throw error;
    // A concurrent registration or exchange won the race: use what it made.
    const owner = (await ownerOf("identity", token.identityId)) ?? (await ownerOf("email", email));
    if (!owner) throw error;
    const user = await getUser(owner);
    return user.email === email ? link(user, token.identityId) : user;
  }
}

/** Links the Google identity to an existing account and tells the owner (docs/decisions.md#google-linking-with-notice). */
async function link(user: UserItem, identityId: string): Promise<UserItem> {
  try {
    await db.entities.unique.create({ kind: "identity", value: identityId, ownerId: user.userId }).go();
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const owner = await ownerOf("identity", identityId);
    if (owner !== user.userId) throw AppError.conflict("This sign-in is already linked to another account.");
    return user; // already linked: told then
  }
  try {
    await sendMail({ to: user.email, ...googleLinkedMail({ recipient: user }) });
  } catch (error) {
    logger.error("Google link notice not sent", { error: error as Error });
  }
  return user;
}
