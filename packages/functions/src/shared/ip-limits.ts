/**
 * Per-IP limits on the routes people (and scripts) can hammer without an
 * account: sign-in, code sending, reset, registration and contact
 * (docs/decisions.md#hardening). One DynamoDB counter per IP, route and window
 * (core/rate-limit.ts), so the limit holds across Lambda containers and in
 * `npm start`; API Gateway's own throttling (stacks/api.ts) caps each route
 * as a whole on AWS.
 */
import { clientAddress, originVerifySecret, passedOriginCheck } from "@storyboard/core/client-address";
import { AppError } from "@storyboard/core/error";
import { assertWithinRateLimit } from "@storyboard/core/rate-limit";
import { type ApiEvent, header } from "./http";
import { IP_LIMITS } from "./ip-limit-rules";

export { IP_LIMITS };

/**
 * On AWS every request must come through CloudFront, which adds a secret
 * header; a caller of the execute-api endpoint itself gets a 403
 * (docs/decisions.md#client-address). Without the setting there is nothing to check.
 */
export function assertThroughEdge(event: ApiEvent): void {
  if (!passedOriginCheck(header(event, "x-origin-verify"))) {
    throw AppError.forbidden("Please use the app's address; this endpoint is not public.");
  }
}

/** The address the per-address limits count, validated; "unknown" only if no trusted party gave one. */
export function clientIp(event: ApiEvent): string {
  const address = clientAddress(
    {
      sourceIp: event.requestContext?.http?.sourceIp,
      viewerAddress: header(event, "cloudfront-viewer-address"),
      forwardedFor: header(event, "x-forwarded-for"),
    },
    Boolean(originVerifySecret()),
  );
  return address ?? "unknown";
}

/** Counts this request against its route's per-IP limit; a 429 a person understands past it. */
export async function assertIpWithinLimits(event: ApiEvent): Promise<void> {
  const limit = IP_LIMITS[event.routeKey];
  if (limit) await assertWithinRateLimit(limit, clientIp(event));
}
