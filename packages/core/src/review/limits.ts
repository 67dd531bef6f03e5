/**
 * How fast a review link takes comments and decisions (docs/decisions.md#review-links):
 * per address, enough for a person typing notes, too few for a script; per link,
 * enough for a long review session by a few people.
 */
import { countAttempt, type RateLimitRule } from "../rate-limit";
import { AppError } from "../error";
import { REVIEW_MESSAGES } from "./schema";

/** `ip-` like the other per-address counters, so tests forget them the same way (forgetAddressLimit). */
export const REVIEW_ADDRESS_LIMIT: RateLimitRule = { action: "ip-review-comment", limit: 10, windowSeconds: 60, message: REVIEW_MESSAGES.tooManyFromAddress };
export const REVIEW_LINK_LIMIT: RateLimitRule = { action: "review-link", limit: 100, windowSeconds: 3600, message: REVIEW_MESSAGES.tooManyOnLink };

/** Counts one comment or decision against both limits; the address first, so one noisy sender does not use up the link. */
export async function assertReviewWithinLimits(address: string, linkId: string) {
  for (const [rule, subject] of [
    [REVIEW_ADDRESS_LIMIT, address],
    [REVIEW_LINK_LIMIT, linkId],
  ] as const) {
    const result = await countAttempt(rule, subject);
    if (!result.allowed) throw new AppError("too_many_requests", rule.message, { retryAfterSeconds: result.retryAfterSeconds });
  }
}
