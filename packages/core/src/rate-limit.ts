/**
 * A DynamoDB-backed fixed-window rate limiter: one atomic counter update per
 * attempt, so it holds across Lambda containers and in `npm start` alike.
 * API Gateway throttling guards the whole API on AWS; this guards single
 * actions (sign-in, codes, contact) per IP or per sender.
 */
import { now } from "./clock";
import { db } from "./dynamo/service";
import { AppError } from "./error";

export interface RateLimitRule {
  /** What is limited, e.g. "login" or "contact". */
  action: string;
  /** Attempts allowed in one window. */
  limit: number;
  windowSeconds: number;
  /** The sentence that starts the 429's message, e.g. "Too many sign-in attempts." */
  message: string;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
}

/** Counts one attempt of `rule.action` by `subject` and says whether it is within the limit. */
export async function countAttempt(rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
  const nowSeconds = Math.floor(now() / 1000);
  const windowStart = nowSeconds - (nowSeconds % rule.windowSeconds);
  const { data } = await db.entities.rateLimit
    .update({ key: `${rule.action}#${subject}`, windowStart })
    .add({ count: 1 })
    .set({ expiresAt: windowStart + rule.windowSeconds + 60 })
    .go({ response: "all_new" });
  const count = data.count ?? 1;
  return { allowed: count <= rule.limit, count, retryAfterSeconds: windowStart + rule.windowSeconds - nowSeconds };
}

/** Counts one attempt and throws a 429 a person understands when the limit is passed. */
export async function assertWithinRateLimit(rule: RateLimitRule, subject: string): Promise<void> {
  const result = await countAttempt(rule, subject);
  if (result.allowed) return;
  throw new AppError("too_many_requests", `${rule.message} Please wait ${waitText(result.retryAfterSeconds)} and try again.`, {
    retryAfterSeconds: result.retryAfterSeconds,
  });
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, seconds)} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
