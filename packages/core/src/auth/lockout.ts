/**
 * Failed sign-ins and reset codes slow down the one who fails, not the
 * account's owner (docs/decisions.md#lockout-without-locking-others-out):
 * - per e-mail AND client address: 5 free failures in 15 minutes, then one
 *   attempt per growing delay (1 s, 2 s, 4 s … up to 15 minutes);
 * - per e-mail over every address: sign-ins only, 20 free failures, then
 *   delays up to 1 minute, which slows a spread-out attack without ever
 *   holding the owner back for long; reset codes are already limited per code;
 * - the owner is e-mailed once per burst (10 failures in a window).
 */
import { now } from "../clock";
import { isConditionFailed } from "../dynamo/errors";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { logger } from "../logger";
import { sendMail } from "../notification/mailer";
import { failedAttemptsMail } from "../notification/security-templates";

export const FREE_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const MAX_DELAY_MS = 15 * 60_000;
export const ACCOUNT_FREE_FAILURES = 20;
export const ACCOUNT_MAX_DELAY_MS = 60_000;
export const BURST_NOTICE_AT = 10;

export type AttemptType = "login" | "resetPassword";
type Key = { email: string; type: AttemptType };
type Owner = { email: string; fullName?: string | null; username: string };

interface FailureRecord {
  count?: number;
  windowStartedAt: number;
  lockedUntil?: number;
  notifiedAt?: number;
}

/** The wait before the next attempt after `failures` failures: none while free, then doubling from 1 s. */
export const delayAfter = (failures: number, free: number, max: number): number =>
  failures < free ? 0 : Math.min(max, 1000 * 2 ** Math.min(failures - free, 30));

/** Milliseconds before the next attempt is taken, or 0. */
export const lockedFor = (record: FailureRecord | null | undefined, at: number): number =>
  record?.lockedUntil && record.lockedUntil > at ? record.lockedUntil - at : 0;

export const lockedOutError = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  const wait = seconds < 120 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minutes`;
  return new AppError("too_many_requests", `Too many attempts. Try again in ${wait}.`, { retryAfterSeconds: seconds });
};

const pairKey = (email: string, address: string, type: AttemptType): Key => ({ email: `${email}#${address}`, type });
const ttlFor = (windowStartedAt: number, lockedUntil = 0) =>
  Math.ceil(Math.max(windowStartedAt + FAILURE_WINDOW_MS, lockedUntil) / 1000) + 3600;

/**
 * Counts this attempt BEFORE the password (or code) is checked, in one atomic
 * add, and answers 429 while this e-mail and address must wait. Past the free
 * failures each attempt claims the next slot with a conditional write, so of
 * many parallel guesses only one is checked per delay.
 */
export async function beginAttempt(email: string, type: AttemptType, address: string): Promise<void> {
  const at = now();
  if (type === "login") {
    const { data: account } = await db.entities.failedAttempt.get({ email, type }).go();
    const ms = lockedFor(account, at);
    if (ms > 0) throw lockedOutError(ms);
  }
  const key = pairKey(email, address, type);
  const record = await countInWindow(key, at);
  const ms = lockedFor(record, at);
  if (ms > 0) throw lockedOutError(ms);
  const attempts = record.count ?? 0;
  if (attempts <= FREE_FAILURES) return;
  const lockedUntil = at + delayAfter(attempts - 1, FREE_FAILURES, MAX_DELAY_MS);
  try {
    await db.entities.failedAttempt
      .patch(key)
      .set({ lockedUntil, expiresAt: ttlFor(record.windowStartedAt, lockedUntil) })
      .where((a, { notExists, lte }) => `${notExists(a.lockedUntil)} OR ${lte(a.lockedUntil, at)}`)
      .go();
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    throw lockedOutError(lockedUntil - at);
  }
}

/**
 * The attempt failed: from the free limit on, this address waits before its next attempt; the failure also
 * counts against the account as a whole (sign-ins past its free ones wait a little) and tells the owner once per burst.
 */
export async function recordFailure(
  email: string,
  type: AttemptType,
  address: string,
  findOwner: () => Promise<Owner | undefined>,
): Promise<void> {
  const at = now();
  const pair = pairKey(email, address, type);
  const { data: attempts } = await db.entities.failedAttempt.get(pair).go();
  if (attempts && (attempts.count ?? 0) >= FREE_FAILURES) {
    const lockedUntil = Math.max(attempts.lockedUntil ?? 0, at + delayAfter(attempts.count ?? 0, FREE_FAILURES, MAX_DELAY_MS));
    await db.entities.failedAttempt.patch(pair).set({ lockedUntil, expiresAt: ttlFor(attempts.windowStartedAt, lockedUntil) }).go();
  }
  const record = await countInWindow({ email, type }, at);
  const failures = record.count ?? 0;
  if (type === "login" && failures >= ACCOUNT_FREE_FAILURES) {
    const lockedUntil = at + delayAfter(failures, ACCOUNT_FREE_FAILURES, ACCOUNT_MAX_DELAY_MS);
    await db.entities.failedAttempt.patch({ email, type }).set({ lockedUntil, expiresAt: ttlFor(record.windowStartedAt, lockedUntil) }).go();
  }
  if (failures < BURST_NOTICE_AT || record.notifiedAt) return;
  const owner = await findOwner();
  if (owner) await noticeBurst({ email, type }, owner, failures, at);
}

async function noticeBurst(key: Key, owner: Owner, failures: number, at: number) {
  try {
    // Whoever sets notifiedAt first sends the one notice of this window.
    await db.entities.failedAttempt.patch(key).set({ notifiedAt: at }).where((a, { notExists }) => notExists(a.notifiedAt)).go();
  } catch (error) {
    if (isConditionFailed(error)) return;
    throw error;
  }
  try {
    await sendMail({ to: owner.email, ...failedAttemptsMail({ recipient: owner, failures, kind: key.type }) });
  } catch (error) {
    logger.error("Failed-attempts notice not sent", { error: error as Error });
  }
}

/** Adds one to the current window's count, or starts a new window; whichever parallel request starts it, no count is lost. */
async function countInWindow(key: Key, at: number): Promise<FailureRecord> {
  for (let attempt = 0; ; attempt++) {
    try {
      const { data } = await db.entities.failedAttempt
        .patch(key)
        .add({ count: 1 })
        .where((a, { gt }) => gt(a.windowStartedAt, at - FAILURE_WINDOW_MS))
        .go({ response: "all_new" });
      return data;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
    const { data: current } = await db.entities.failedAttempt.get(key).go();
    if (lockedFor(current, at) > 0) return current!;
    try {
      // No record, or its window is over: start a new one, unless a parallel request just did.
      await db.entities.failedAttempt
        .put({ ...key, count: 1, windowStartedAt: at, lockedUntil: undefined, notifiedAt: undefined, expiresAt: ttlFor(at) })
        .where((a, { notExists, lte }) => `${notExists(a.windowStartedAt)} OR ${lte(a.windowStartedAt, at - FAILURE_WINDOW_MS)}`)
        .go();
      return { count: 1, windowStartedAt: at };
    } catch (error) {
      if (!isConditionFailed(error) || attempt >= 3) throw error;
    }
  }
}

/** A success: this address starts afresh for this e-mail (the account's own count runs out with its window). */
export async function clearFailures(email: string, type: AttemptType, address: string): Promise<void> {
  await db.entities.failedAttempt.delete(pairKey(email, address, type)).go();
}
