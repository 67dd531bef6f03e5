/**
 * One subscription change at a time per user (docs/decisions.md#one-subscription-change-at-a-time):
 * subscribe, change, cancel and the webhook's sync each run holding a lease
 * on `subscription:<userId>`, a lock item written with a condition (free, or
 * its lease ran out). A second request waits briefly for the first to finish,
 * then answers 409. Nested calls in the same request (a change re-syncing)
 * reuse the lease they hold.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { isConditionFailed } from "../dynamo/errors";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { logger } from "../logger";

/** Longer than any change takes (the routes time out at 30 s); a crashed holder frees the lock after it. */
const LEASE_MS = 30_000;
/** How long a request waits for another change of the same user to finish. */
export const LOCK_WAIT_MS = 15_000;

export const CHANGE_IN_PROGRESS = "Another change to your subscription is in progress. Please try again in a moment.";

const held = new AsyncLocalStorage<ReadonlySet<string>>();

async function acquire(name: string, owner: string): Promise<boolean> {
  const now = Date.now();
  try {
    await db.entities.lock
      .put({ name, owner, leaseEndsAt: now + LEASE_MS, expiresAt: Math.ceil((now + LEASE_MS) / 1000) + 3600 })
      .where((a, { notExists, lt }) => `${notExists(a.owner)} OR ${lt(a.leaseEndsAt, now)}`)
      .go();
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

async function release(name: string, owner: string) {
  try {
    await db.entities.lock
      .delete({ name })
      .where((a, { eq }) => eq(a.owner, owner))
      .go();
  } catch (error) {
    // Our lease ran out and another holder has it now: theirs to release.
    if (!isConditionFailed(error)) logger.warn("A subscription lock could not be released", { name, error: error as Error });
  }
}

/** Runs `fn` holding the user's subscription lock; 409 after waiting `LOCK_WAIT_MS` for another holder. */
export async function withSubscriptionLock<T>(userId: string, fn: () => Promise<T>): Promise<T> {
  const name = `subscription:${userId}`;
  const holding = held.getStore();
  if (holding?.has(name)) return fn();
  const owner = randomUUID();
  const giveUpAt = Date.now() + LOCK_WAIT_MS;
  for (let wait = 50; !(await acquire(name, owner)); wait = Math.min(wait * 2, 400)) {
    if (Date.now() + wait > giveUpAt) throw AppError.conflict(CHANGE_IN_PROGRESS);
    await new Promise((resolve) => setTimeout(resolve, wait * (0.5 + Math.random() / 2)));
  }
  try {
    return await held.run(new Set([...(holding ?? []), name]), fn);
  } finally {
    await release(name, owner);
  }
}
