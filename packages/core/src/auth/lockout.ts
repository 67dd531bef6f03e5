import { now } from "../clock";
import { isConditionFailed } from "../dynamo/errors";
import { db } from "../dynamo/service";
import { AppError } from "../error";

/** Decision 3: repeated failures lock an e-mail out of login or reset for a while. */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_MS = 15 * 60_000;

export type AttemptType = "login" | "resetPassword";

interface FailureRecord {
  count?: number;
  windowStartedAt: number;
  lockedUntil?: number;
}

/** Milliseconds the e-mail stays locked, or 0. */
export const lockedFor = (record: FailureRecord | null | undefined, at: number): number =>
  record?.lockedUntil && record.lockedUntil > at ? record.lockedUntil - at : 0;

/** Whether a record that just counted a failure must start a lockout. */
export const shouldLock = (record: FailureRecord, at: number): boolean =>
  (record.count ?? 0) >= MAX_FAILURES && lockedFor(record, at) === 0;

const ttlFor = (windowStartedAt: number, lockedUntil = 0) =>
  Math.ceil(Math.max(windowStartedAt + FAILURE_WINDOW_MS, lockedUntil) / 1000) + 3600;

export const lockedOutError = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return new AppError("too_many_requests", `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
};

/**
 * Counts this attempt BEFORE the password (or code) is checked, in one atomic
 * add, and answers 429 when the e-mail is locked or the window already holds
 * MAX_FAILURES attempts that did not succeed. Checking and counting are one
 * step, so parallel guesses cannot all pass a check made before any of them
 * was counted. A success clears the count (`clearFailures`).
 */
export async function beginAttempt(email: string, type: AttemptType): Promise<void> {
  const at = now();
  const record = await countInWindow({ email, type }, at);
  const ms = lockedFor(record, at);
  if (ms > 0) throw lockedOutError(ms);
  if ((record.count ?? 0) > MAX_FAILURES) {
    await lock({ email, type }, record, at);
    throw lockedOutError(LOCKOUT_MS);
  }
}

/** The attempt failed (it was counted by `beginAttempt`): the MAX_FAILURES-th failure starts the lockout. */
export async function recordFailure(email: string, type: AttemptType): Promise<void> {
  const at = now();
  const { data } = await db.entities.failedAttempt.get({ email, type }).go();
  if (data && shouldLock(data, at)) await lock({ email, type }, data, at);
}

async function lock(key: { email: string; type: AttemptType }, record: FailureRecord, at: number) {
  const lockedUntil = at + LOCKOUT_MS;
  await db.entities.failedAttempt
    .patch(key)
    .set({ lockedUntil, expiresAt: ttlFor(record.windowStartedAt, lockedUntil) })
    .go();
}

/** Adds one to the current window's count, or starts a new window; whichever parallel request starts it, no count is lost. */
async function countInWindow(key: { email: string; type: AttemptType }, at: number): Promise<FailureRecord> {
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
        .put({ ...key, count: 1, windowStartedAt: at, lockedUntil: undefined, expiresAt: ttlFor(at) })
        .where((a, { notExists, lte }) => `${notExists(a.windowStartedAt)} OR ${lte(a.windowStartedAt, at - FAILURE_WINDOW_MS)}`)
        .go();
      return { count: 1, windowStartedAt: at };
    } catch (error) {
      if (!isConditionFailed(error) || attempt >= 3) throw error;
    }
  }
}

export async function clearFailures(email: string, type: AttemptType): Promise<void> {
  await db.entities.failedAttempt.delete({ email, type }).go();
}
