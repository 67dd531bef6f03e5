import { randomBytes, randomUUID } from "node:crypto";
import { now, nowIso } from "../clock";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "../auth/schema";
import { failedItems } from "../dynamo/errors";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { logger } from "../logger";
import { creditItems, ledgerEntryItem, REFERRAL_POINTS, type TransactionEntities, WELCOME_POINTS } from "../points/points";
import { generateReferralCode, normalizeReferralCode } from "./referral-code";
import { getUser, ownerOf, type UserItem } from "./user";
import { usernameBase, usernameCandidate } from "./username";

/** The version (effective date) of the Terms of Service a new account agrees to. */
export const TERMS_VERSION = "2025-04-24";
export const DUPLICATE_EMAIL_MESSAGE = "An account with this email already exists.";
export const IDENTITY_TAKEN_MESSAGE = "This sign-in is already linked to an account.";

export interface NewAccount {
  /** Already normalized. */
  email: string;
  fullName?: string;
  timezone: string;
  /** The Cognito `sub` of the identity the account signs in with. */
  identityId: string;
  referralCode?: string;
}

/** The referrer behind a code, unless there is none or it is the newcomer's own e-mail. */
async function referrerFor(code: string | undefined, email: string): Promise<string | undefined> {
  const normalized = normalizeReferralCode(code);
  if (!normalized) return undefined;
  const ownerId = await ownerOf("referralCode", normalized);
  if (!ownerId) return undefined;
  const { data: owner } = await db.entities.user.get({ userId: ownerId }).go();
  if (!owner || owner.email === email) return undefined;
  return ownerId;
}

/**
 * docs/decisions.md#hardening: a referrer is paid for at most this many new
 * accounts per calendar month (UTC); past it the newcomer still gets the
 * welcome points and the referrer nothing, so farming points with throwaway
 * inboxes has a ceiling.
 */
export const REFERRAL_PAYOUTS_PER_MONTH = 20;

/** The counter of a referrer's paid referrals this month, raised in the payout's own transaction. */
function referralPayoutCounter(tx: TransactionEntities, referrerId: string, at = now()) {
  const date = new Date(at);
  const monthStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
  return tx.rateLimit
    .update({ key: `referral-payouts#${referrerId}`, windowStart: monthStart })
    .add({ count: 1 })
    .set({ expiresAt: monthStart + 62 * 24 * 3600 })
    .where((a, { lt, notExists }) => `${notExists(a.count)} OR ${lt(a.count, REFERRAL_PAYOUTS_PER_MONTH)}`)
    .commit();
}

// Positions of the items in the transaction below, to read a cancellation.
const EMAIL = 1;
const USERNAME = 2;
const IDENTITY = 3;
const REFERRAL_CODE = 4;
const FIRST_REFERRAL_ITEM = 6;

/**
 * Creates the account in ONE transaction: the user (with the welcome points),
 * its claims on e-mail, username, identity and referral code, the welcome
 * ledger item, and — for a valid referral — the referrer's credit with an
 * idempotency claim so a referred account pays out once. A taken username or
 * referral code is retried with another; a taken e-mail is a 409.
 */
export async function createAccount(input: NewAccount): Promise<UserItem> {
  const userId = randomUUID();
  let referrerId = await referrerFor(input.referralCode, input.email);
  const base = usernameBase(input.email);
  let usernameAttempt = (await ownerOf("username", base)) ? 1 : 0;
  let referralCode = generateReferralCode();

  for (let attempt = 0; attempt < 8; attempt++) {
    const username = usernameCandidate(base, usernameAttempt);
    const createdAt = nowIso();
    const result = await db.transaction
      .write((tx) => [
        tx.user
          .create({
            userId,
            username,
            email: input.email,
            fullName: input.fullName || undefined,
            identityId: input.identityId,
            timezone: input.timezone,
            termsAgreedVersion: TERMS_VERSION,
            roles: [],
            referralCode,
            referredBy: referrerId,
            points: WELCOME_POINTS,
            notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES },
            unsubscribeToken: `${userId}.${randomBytes(24).toString("base64url")}`,
            createdAt,
          })
          .commit(),
        tx.unique.create({ kind: "email", value: input.email, ownerId: userId }).commit(),
        tx.unique.create({ kind: "username", value: username, ownerId: userId }).commit(),
        tx.unique.create({ kind: "identity", value: input.identityId, ownerId: userId }).commit(),
        tx.unique.create({ kind: "referralCode", value: referralCode, ownerId: userId }).commit(),
        ledgerEntryItem(tx, { userId, delta: WELCOME_POINTS, reason: "signup", comment: "Welcome bonus" }),
        ...(referrerId
          ? creditItems(tx, {
              userId: referrerId,
              delta: REFERRAL_POINTS,
              reason: "referral",
              referenceId: userId,
              comment: "Referral bonus: a friend joined",
              idempotencyKey: `referral:${userId}`,
            })
          : []),
        ...(referrerId ? [referralPayoutCounter(tx, referrerId)] : []),
      ])
      .go();
    if (!result.canceled) return getUser(userId);

    const failed = failedItems(result.data);
    if (failed.includes(EMAIL)) throw AppError.conflict(DUPLICATE_EMAIL_MESSAGE);
    if (failed.includes(IDENTITY)) throw AppError.conflict(IDENTITY_TAKEN_MESSAGE);
    if (failed.includes(USERNAME)) usernameAttempt++;
    if (failed.includes(REFERRAL_CODE)) referralCode = generateReferralCode();
    if (failed.some((i) => i >= FIRST_REFERRAL_ITEM)) {
      logger.warn("Referral dropped: the referrer is gone, was already credited or has reached the monthly cap", { referrerId, userId });
      referrerId = undefined;
    }
    // Otherwise a transaction conflict: try again as is.
  }
  throw new AppError("internal", "The account could not be created. Please try again.");
}
