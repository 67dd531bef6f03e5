import { embedPage } from "@storyboard/core/showcase/embed";
import { api } from "../../shared/handler";
import { RawReply } from "../../shared/http";
import { embedContentSecurityPolicy, embedSecurityHeaders } from "../../shared/security-headers";

/**
 * GET /api/share/embed/{id}: on AWS, CloudFront sends /embed/{id} here
 * (docs/decisions.md#the-embed-page). The one answer anyone may frame: no
 * X-Frame-Options (an empty value drops the API's default), `frame-ancestors *`.
 * CloudFront's embed policy adds the bucket's host to `media-src`.
 */
export const handler = api({}, async ({ params }) => {
  const { status, html } = await embedPage(params.id);
  return new RawReply(status, new TextEncoder().encode(html), "text/html; charset=utf-8", {
    ...embedSecurityHeaders(embedContentSecurityPolicy()),
    "x-frame-options": "",
    "cross-origin-opener-policy": "",
    "cache-control": status === 200 ? "public, max-age=60" : "no-store",
  });
});
