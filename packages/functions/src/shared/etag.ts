import { createHash } from "node:crypto";
import { type ApiEvent, type ApiResult, header } from "./http";

/**
 * Conditional GET for polled routes (docs/decisions.md#scale): a weak ETag of
 * the JSON body; when the client's If-None-Match holds it, a 304 with no body.
 * The answer may be kept by the browser only to revalidate ("private, no-cache"),
 * never served unasked, so a poll always reaches the server.
 */
export function conditional(event: ApiEvent, result: ApiResult): ApiResult {
  if (result.statusCode !== 200 || typeof result.body !== "string" || result.isBase64Encoded) return result;
  const etag = `W/"${createHash("sha1").update(result.body).digest("base64url")}"`;
  const headers: Record<string, string | number | boolean> = { ...result.headers, etag, "cache-control": "private, no-cache" };
  const asked = header(event, "if-none-match");
  if (asked && asked.split(",").some((tag) => tag.trim() === etag || tag.trim() === etag.slice(2))) {
    const { "content-type": _type, ...rest } = headers;
    return { statusCode: 304, headers: rest, cookies: result.cookies };
  }
  return { ...result, headers };
}
