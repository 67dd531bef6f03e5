import { createHash } from "node:crypto";
import { type ApiEvent, type ApiResult, header, json } from "./http";

/**
 * Conditional GET for polled routes (docs/decisions.md#scale): a weak ETag of
 * the JSON body; when the client's If-None-Match holds it, a 304 with no body.
 * The answer may be kept by the browser only to revalidate ("private, no-cache"),
 * never served unasked, so a poll always reaches the server.
 */
export function conditional(event: ApiEvent, result: ApiResult): ApiResult {
  const tagged = typeof result.headers?.etag === "string" ? result : withEtag(result);
  const etag = tagged.headers?.etag;
  // Errors and binary answers carry no tag: nothing to compare.
  if (typeof etag !== "string") return tagged;
  const asked = header(event, "if-none-match");
  if (asked?.split(",").some((tag) => tag.trim() === etag || tag.trim() === etag.slice(2))) {
    const { "content-type": _type, ...rest } = tagged.headers!;
    return { statusCode: 304, headers: rest, cookies: tagged.cookies };
  }
  return tagged;
}

function withEtag(result: ApiResult): ApiResult {
  if (result.statusCode !== 200 || typeof result.body !== "string" || result.isBase64Encoded) return result;
  const etag = `W/"${createHash("sha1").update(result.body).digest("base64url")}"`;
  return { ...result, headers: { ...result.headers, etag, "cache-control": "private, no-cache" } };
}

const answers = new WeakMap<object, ApiResult>();

/**
 * A polled route's 200 answer, tagged. A frozen result (core freezes what it
 * serves again unchanged, such as a render's detail per job version) is
 * serialized and hashed once, however often it is polled; any other is made afresh.
 */
export function taggedAnswer(value: unknown): ApiResult {
  const reusable = typeof value === "object" && value !== null && Object.isFrozen(value);
  const kept = reusable ? answers.get(value) : undefined;
  if (kept) return kept;
  const answer = withEtag(json(200, value));
  if (reusable) answers.set(value, answer);
  return answer;
}
