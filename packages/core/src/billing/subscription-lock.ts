/**
 * One subscription change at a time per user (docs/decisions.md#one-subscription-change-at-a-time):
 * subscribe, change, cancel and the webhook's sync each run holding a lease
 * on `subscription:<userId>` (dynamo/lease.ts). A second request waits briefly
 * for the first to finish, then answers 409. Nested calls in the same request
 * (a change re-syncing) reuse the lease they hold.
 */
import { withLease } from "../dynamo/lease";

/** How long a request waits for another change of the same user to finish. */
export const LOCK_WAIT_MS = 15_000;

export const CHANGE_IN_PROGRESS = "Another change to your subscription is in progress. Please try again in a moment.";

/** Runs `fn` holding the user's subscription lock; 409 after waiting `LOCK_WAIT_MS` for another holder. */
export const withSubscriptionLock = <T>(userId: string, fn: () => Promise<T>): Promise<T> =>
  withLease(`subscription:${userId}`, { waitMs: LOCK_WAIT_MS, busyMessage: CHANGE_IN_PROGRESS }, fn);
