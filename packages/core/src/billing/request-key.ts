/**
 * Subscription requests keyed by the client (docs/decisions.md#subscription-requests-keyed-by-the-client).
 * The web makes one key per dialog and sends it as `Idempotency-Key`; the
 * first request that succeeds stores its answer under the user and the key,
 * and a retry of it (a timeout, a double click, a proxy's replay) is answered
 * the same without changing anything again. Each Stripe call of the request
 * carries a key derived from it, so a retry that reaches Stripe again after
 * an earlier attempt was cut off mid-way is replayed by Stripe too. Runs
 * inside the user's subscription lock, so a duplicate in flight waits for the
 * first and then reads its answer.
 */
import type Stripe from "stripe";
import { isConditionFailed } from "../dynamo/errors";
import { db } from "../dynamo/service";
import { AppError } from "../error";

/** How long an answer is kept for replay (Stripe keeps its own for 24 hours). */
const KEEP_SECONDS = 24 * 3600;

/** Options of one Stripe call: its idempotency key derived from the request's, per step of the request. */
export type StripeKeyOf = (step: string) => Stripe.RequestOptions | undefined;

export const noRequestKey: StripeKeyOf = () => undefined;

const claimOf = (userId: string, requestKey: string) => `subscription-request:${userId}:${requestKey}`;

/**
 * Runs `run` once per (user, request key): a replay of the same request gets
 * the stored answer; the key sent with another request answers 400. Without
 * a key it just runs. Failures are not stored: a retry after one runs again.
 */
export async function oncePerRequestKey<T>(
  userId: string,
  requestKey: string | undefined,
  request: string,
  run: (stripeKeyOf: StripeKeyOf) => Promise<T>,
): Promise<T> {
  if (!requestKey) return run(noRequestKey);
  const value = claimOf(userId, requestKey);
  const { data: stored } = await db.entities.unique.get({ kind: "idempotency", value }).go();
  if (stored) {
    if (stored.request !== request || stored.answer === undefined)
      throw AppError.badRequest("This Idempotency-Key was already used for another request. Send a new key for a new request.");
    return JSON.parse(stored.answer) as T;
  }
  const answer = await run((step) => ({ idempotencyKey: `${value}:${step}` }));
  try {
    await db.entities.unique
      .create({
        kind: "idempotency",
        value,
        ownerId: userId,
        request,
        answer: JSON.stringify(answer ?? null),
        expiresAt: Math.floor(Date.now() / 1000) + KEEP_SECONDS,
      })
      .go();
  } catch (error) {
    // Only a holder of the user's lock writes this key, and it was free when read: a lease ran out under a slow change.
    if (!isConditionFailed(error)) throw error;
  }
  return answer;
}
