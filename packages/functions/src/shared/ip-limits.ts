/**
 * Per-IP limits on the routes people (and scripts) can hammer without an
 * account: sign-in, code sending, reset, registration and contact
 * (docs/decisions.md#hardening). One DynamoDB counter per IP, route and window
 * (core/rate-limit.ts), so the limit holds across Lambda containers and in
 * `npm start`; API Gateway's own throttling (stacks/api.ts) caps each route
 * as a whole on AWS.
 */
import { assertWithinRateLimit } from "@storyboard/core/rate-limit";
import { type ApiEvent, header } from "./http";
import { IP_LIMITS } from "./ip-limit-rules";

export { IP_LIMITS };

/**
 * The address the edge saw. CloudFront (and the local server, which plays its
 * part) append the peer's address to X-Forwarded-For, so its LAST entry is the
 * one nobody upstream could write; API Gateway's `sourceIp` is the edge itself.
 */
export function clientIp(event: ApiEvent): string {
  const forwarded = header(event, "x-forwarded-for")
    ?.split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  return forwarded?.at(-1) || event.requestContext?.http?.sourceIp || "unknown";
}

/** Counts this request against its route's per-IP limit; a 429 a person understands past it. */
export async function assertIpWithinLimits(event: ApiEvent): Promise<void> {
  const limit = IP_LIMITS[event.routeKey];
  if (limit) await assertWithinRateLimit(limit, clientIp(event));
}
