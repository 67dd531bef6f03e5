import { randomUUID } from "node:crypto";
import { withActor } from "@storyboard/core/actor";
import { actorForSessionToken, actorForSessionTokenCached } from "@storyboard/core/auth/session";
import { config } from "@storyboard/core/config";
import { isStorageFailure } from "@storyboard/core/dynamo/errors";
import { AppError, isAppError, validate } from "@storyboard/core/error";
import { logger } from "@storyboard/core/logger";
import { loadSecrets } from "@storyboard/core/secrets";
import { z } from "zod";
import { type AuthLevel, NOT_FOUND_ROUTE, routeKey, routes } from "../routes";
import { conditional, taggedAnswer } from "./etag";
import { assertIpWithinLimits, assertThroughEdge } from "./ip-limits";
import {
  type ApiEvent,
  type ApiResult,
  bodyText,
  clearCookie,
  decodePathParameter,
  header,
  json,
  MalformedCookieError,
  RawReply,
  readCookie,
  Reply,
  sessionCookieName,
} from "./http";

/** The route table's auth level for an API Gateway route key; unknown keys need a user. */
const authLevelOf = (key: string): AuthLevel =>
  key === NOT_FOUND_ROUTE.routeKey ? NOT_FOUND_ROUTE.auth : (routes.find((r) => routeKey(r) === key)?.auth ?? "user");
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface RequestContext<B, Q> {
  event: ApiEvent;
  body: B;
  query: Q;
  params: Record<string, string>;
}

// Who is asking is not in the context: core reads it with useUserId() / hasRole() (docs/architecture.md#boundaries).

interface Options<B extends z.ZodType, Q extends z.ZodType> {
  body?: B;
  query?: Q;
  /** "raw" leaves the body unparsed (multipart uploads, webhooks). */
  bodyKind?: "json" | "raw";
  /** Webhooks are called by servers, not browsers: no Origin to check. */
  skipOriginCheck?: boolean;
  /** Polled routes: an ETag on the answer, and a 304 with no body when If-None-Match holds it. */
  etag?: boolean;
}

/**
 * Wraps a route's logic: checks who is asking against the route table's auth
 * level, checks the Origin of state-changing requests, validates input with
 * zod, runs the logic with the actor set, and maps errors to `{ message, code }`.
 */
export function api<B extends z.ZodType = z.ZodUnknown, Q extends z.ZodType = z.ZodUnknown>(
  options: Options<B, Q>,
  logic: (ctx: RequestContext<z.infer<B>, z.infer<Q>>) => Promise<unknown>,
) {
  return async (event: ApiEvent): Promise<ApiResult> => {
    const requestId = event.requestContext?.requestId || randomUUID();
    logger.appendKeys({ requestId });
    try {
      await loadSecrets();
      assertThroughEdge(event);
      const method = event.requestContext?.http?.method ?? "GET";
      if (STATE_CHANGING.has(method) && !options.skipOriginCheck) checkOrigin(event);
      await assertIpWithinLimits(event);
      const auth = authLevelOf(event.routeKey);
      // Reads may reuse a session found a moment ago; writes always look it up (docs/decisions.md#scale).
      const findActor = STATE_CHANGING.has(method) ? actorForSessionToken : actorForSessionTokenCached;
      const actor = await findActor(readCookie(event, sessionCookieName()));
      if (auth !== "public" && actor.type !== "user") throw AppError.unauthorized();
      if (auth === "admin" && !(actor.type === "user" && actor.roles.includes("admin"))) {
        throw AppError.forbidden("This action needs the admin role.");
      }
      const body = options.bodyKind === "raw" ? undefined : parseBody(event, options.body);
      const query = options.query ? validate(options.query, event.queryStringParameters ?? {}) : (event.queryStringParameters ?? {});
      const params = decodeParams(event.pathParameters);
      const result = await withActor(actor, () => logic({ event, body, query, params } as RequestContext<z.infer<B>, z.infer<Q>>));
      if (result instanceof Reply) return json(result.status, result.body, result.headers, result.cookies);
      if (result instanceof RawReply) {
        // An empty value drops a default header (the embed page drops X-Frame-Options).
        const headers = Object.fromEntries(
          Object.entries({ ...json(200, "").headers, "content-type": result.contentType, ...result.headers }).filter(([, v]) => v !== ""),
        );
        return {
          statusCode: result.status,
          headers,
          body: Buffer.from(result.bytes).toString("base64"),
          isBase64Encoded: true,
        };
      }
      if (options.etag) return conditional(event, taggedAnswer(result ?? { ok: true }));
      return json(200, result ?? { ok: true });
    } catch (error) {
      return errorResult(error, requestId);
    } finally {
      logger.removeKeys(["requestId"]);
    }
  };
}

/** What a writer reads when the storage refused the change (a full disk, a storage outage). */
export const STORAGE_REFUSED_MESSAGE =
  "We could not save this just now: our storage refused the change. Please try again in a few minutes.";

export function errorResult(error: unknown, requestId: string): ApiResult {
  if (isAppError(error)) {
    if (error.status >= 500) logger.error("Request failed", { error });
    const cookies = error instanceof MalformedCookieError ? [clearCookie(error.cookieName)] : [];
    return json(error.status, { message: error.message, code: error.code, ...error.details }, {}, cookies);
  }
  if (isStorageFailure(error)) {
    // A transaction is all or nothing, and the writes a writer repeats are keyed (idempotency keys), so trying again is safe.
    logger.error("Storage refused a request", { error: error as Error });
    return json(
      503,
      { message: `${STORAGE_REFUSED_MESSAGE} Reference: ${requestId}`, code: "storage_unavailable", requestId },
      { "retry-after": "60" },
    );
  }
  logger.error("Unexpected error", { error: error as Error });
  return json(500, {
    message: `Something went wrong on our side. If it keeps happening, contact support with this reference: ${requestId}`,
    code: "internal",
    requestId,
  });
}

function checkOrigin(event: ApiEvent) {
  const origin = header(event, "origin");
  const fetchSite = header(event, "sec-fetch-site");
  if (!origin) {
    // Browsers always send Origin on cross-site writes; a missing one with a cross-site fetch is forged.
    if (fetchSite === "cross-site") throw AppError.forbidden("Cross-site requests are not allowed.");
    return;
  }
  const host = header(event, "host");
  const allowed = new Set([new URL(config.appUrl).origin, ...(host ? [`https://${host}`, `http://${host}`] : [])]);
  if (!allowed.has(origin)) throw AppError.forbidden("Cross-site requests are not allowed.");
}

function parseBody(event: ApiEvent, schema?: z.ZodType) {
  const text = bodyText(event);
  let data: unknown = undefined;
  if (text.trim()) {
    try {
      data = JSON.parse(text);
    } catch {
      throw AppError.badRequest("The request body is not valid JSON.");
    }
  }
  return schema ? validate(schema, data ?? {}) : data;
}

/** zod → 400 lives in core, so core operations that take raw input validate the same way. */
export { validate };

function decodeParams(params: ApiEvent["pathParameters"]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params ?? {})) if (v !== undefined) out[k] = decodePathParameter(v);
  return out;
}
