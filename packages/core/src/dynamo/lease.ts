/**
 * A short lease on a named resource, one holder at a time: a lock item written
 * with a condition (free, or its holder's lease ran out), released by its
 * holder only; DynamoDB's TTL removes leases a crashed holder left behind.
 * A second caller waits a while for the first to finish, then answers 409.
 * Nested calls in the same request reuse the lease they hold.
 * Used by subscription changes (docs/decisions.md#one-subscription-change-at-a-time)
 * and music checks (docs/decisions.md#one-check-of-a-music-upload-at-a-time).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { AppError } from "../error";
import { logger } from "../logger";
import { isConditionFailed } from "./errors";
import { db } from "./service";

/** Longer than any request holds a lease (the routes time out at 30 s); a crashed holder frees the lock after it. */
const LEASE_MS = 30_000;

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
    if (!isConditionFailed(error)) logger.warn("A lock could not be released", { name, error: error as Error });
  }
}

/** Runs `fn` holding the lease `name`; after waiting `waitMs` for another holder, a 409 with `busyMessage`. */
export async function withLease<T>(name: string, { waitMs, busyMessage }: { waitMs: number; busyMessage: string }, fn: () => Promise<T>): Promise<T> {
  const holding = held.getStore();
  if (holding?.has(name)) return fn();
  const owner = randomUUID();
  const giveUpAt = Date.now() + waitMs;
  for (let wait = 50; !(await acquire(name, owner)); wait = Math.min(wait * 2, 400)) {
    if (Date.now() + wait > giveUpAt) throw AppError.conflict(busyMessage);
    await new Promise((resolve) => setTimeout(resolve, wait * (0.5 + Math.random() / 2)));
  }
  try {
    return await held.run(new Set([...(holding ?? []), name]), fn);
  } finally {
    await release(name, owner);
  }
}
