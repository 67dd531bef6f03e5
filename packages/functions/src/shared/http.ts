import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { SESSION_COOKIE } from "@storyboard/core/auth/session";
import { AppError } from "@storyboard/core/error";
import { FRAME_OPTIONS, HSTS_MAX_AGE_SECONDS, REFERRER_POLICY } from "./security-headers";

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** A handler's answer when it needs more than a 200 with a JSON body. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
    readonly cookies: string[] = [],
  ) {}
}

/** A non-JSON answer (a file). */
export class RawReply {
  constructor(
    readonly status: number,
    readonly bytes: Uint8Array,
    readonly contentType: string,
    readonly headers: Record<string, string> = {},
  ) {}
}

export const raw = (status: number, bytes: Uint8Array, contentType: string, headers?: Record<string, string>) =>
  new RawReply(status, bytes, contentType, headers);

export const reply = (status: number, body: unknown, extra?: { headers?: Record<string, string>; cookies?: string[] }) =>
  new Reply(status, body, extra?.headers, extra?.cookies);

const SECURITY_HEADERS: Record<string, string> = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "x-frame-options": FRAME_OPTIONS,
  "referrer-policy": REFERRER_POLICY,
  "cross-origin-opener-policy": "same-origin",
};

/** Secure cookies and HSTS wherever the app is served over HTTPS (every deployed stage). */
const servedOverHttps = () => (process.env.APP_URL ?? "").startsWith("https://");

export function json(status: number, body: unknown, headers: Record<string, string> = {}, cookies: string[] = []): ApiResult {
  const secure = servedOverHttps();
  return {
    statusCode: status,
    headers: {
      ...SECURITY_HEADERS,
      ...(secure ? { "strict-transport-security": `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains` } : {}),
      ...headers,
    },
    cookies: cookies.length ? cookies : undefined,
    body: body === undefined ? "" : JSON.stringify(body),
  };
}

/** A cookie the browser sent that cannot be decoded: the answer is a 400 that also clears it. */
export class MalformedCookieError extends AppError {
  constructor(readonly cookieName: string) {
    super("bad_request", "Your session cookie could not be read. Please sign in again.");
  }
}

export function readCookie(event: ApiEvent, name: string): string | undefined {
  const all = event.cookies ?? (event.headers?.cookie ? event.headers.cookie.split(";") : []);
  for (const raw of all) {
    const i = raw.indexOf("=");
    if (i > 0 && raw.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(raw.slice(i + 1).trim());
      } catch {
        throw new MalformedCookieError(name);
      }
    }
  }
  return undefined;
}

/** A path parameter decoded, or a 400 when its %-escapes are malformed ("%E0%A4%A"). */
export function decodePathParameter(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw AppError.badRequest("The address is not valid: it has a malformed %-escape.");
  }
}

/**
 * The session cookie's name. Over HTTPS it carries the `__Host-` prefix, so the
 * browser takes it only from this exact host, Secure and for Path=/: a sibling
 * subdomain cannot plant or overwrite it (docs/decisions.md#headers).
 */
export const sessionCookieName = () => (servedOverHttps() ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);

export function sessionCookie(name: string, value: string, maxAge?: number): string {
  const secure = servedOverHttps() ? "; Secure" : "";
  const age = maxAge === undefined ? "" : `; Max-Age=${maxAge}`;
  return `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax${secure}${age}`;
}

export const clearCookie = (name: string) => sessionCookie(name, "", 0);

/** The request body as text (API Gateway base64-encodes binary bodies). */
export function bodyText(event: ApiEvent): string {
  if (!event.body) return "";
  return event.isBase64Encoded ? Buffer.from(event.body, "base64").toString("utf8") : event.body;
}

export function bodyBytes(event: ApiEvent): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return Buffer.from(event.body, event.isBase64Encoded ? "base64" : "utf8");
}

export const header = (event: ApiEvent, name: string): string | undefined => {
  const h = event.headers ?? {};
  return h[name] ?? h[name.toLowerCase()];
};
