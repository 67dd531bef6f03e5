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
export const shouldLock = (record: FailureRecord, at: number): boolean => (record.count ?? 0) >= MAX_FAILURES && lockedFor(record, at) === 0;

const ttlFor = (windowStartedAt: number, lockedUntil = 0) => Math.ceil(Math.max(windowStartedAt + FAILURE_WINDOW_MS, lockedUntil) / 1000) + 3600;

export const lockedOutError = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return new AppError("too_many_requests", `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
};

/** Throws the 429 while the e-mail is locked out of this kind of attempt. */
export async function assertNotLocked(email: string, type: AttemptType): Promise<void> {
  const { data } = await db.entities.failedAttempt.get({ email, type }).go();
  const ms = lockedFor(data, now());
  if (ms > 0) throw lockedOutError(ms);
}

/**
 * Counts a failure; the MAX_FAILURES-th within the window starts the lockout.
 * The count is an atomic add, so parallel guesses cannot slip past the limit.
 */
export async function recordFailure(email: string, type: AttemptType): Promise<void> {
  const at = now();
  const key = { email, type };
  let record: FailureRecord;
  try {
    const { data } = await db.entities.failedAttempt
      .patch(key)
      .add({ count: 1 })
      .where((a, { gt }) => gt(a.windowStartedAt, at - FAILURE_WINDOW_MS))
      .go({ response: "all_new" });
    record = data;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    // No record, or its window is over: start a new window.
    record = { count: 1, windowStartedAt: at };
    await db.entities.failedAttempt.put({ ...key, ...record, lockedUntil: undefined, expiresAt: ttlFor(at) }).go();
  }
  if (shouldLock(record, at)) {
    const lockedUntil = at + LOCKOUT_MS;
    await db.entities.failedAttempt.patch(key).set({ lockedUntil, expiresAt: ttlFor(record.windowStartedAt, lockedUntil) }).go();
  }
}

export async function clearFailures(email: string, type: AttemptType): Promise<void> {
  await db.entities.failedAttempt.delete({ email, type }).go();
}
