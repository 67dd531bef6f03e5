/**
 * The one API client. Every request sends the session cookie; JSON bodies go
 * with a JSON content type; any non-OK answer throws an `ApiError` whose
 * message is "{status}: {body text or statusText}" (docs/product.md#errors Generic).
 */
import { takeEarlyResponse } from "./early-requests";

export class ApiError extends Error {
  readonly status: number;
  /** The `message` of a JSON error body `{ message, code }`, when present. */
  readonly serverMessage?: string;
  readonly code?: string;

  constructor(status: number, message: string, serverMessage?: string, code?: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.serverMessage = serverMessage;
    this.code = code;
  }
}

type Body = unknown;

function parseErrorBody(text: string): { message?: string; code?: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") {
      const { message, code } = parsed as Record<string, unknown>;
      return {
        message: typeof message === "string" && message ? message : undefined,
        code: typeof code === "string" ? code : undefined,
      };
    }
  } catch {
    // Not JSON: the raw text already is the message.
  }
  return {};
}

/** Extra request headers (an `Idempotency-Key`, a review link's token). */
export interface RequestOptions {
  headers?: Record<string, string>;
}

async function request<T>(method: string, url: string, body?: Body, options: RequestOptions = {}): Promise<T> {
  const init: RequestInit = { method, credentials: "include", headers: { Accept: "application/json", ...options.headers } };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, "Content-Type": "application/json" };
  }
  // A GET the page's inline script already started (lib/early-requests.ts) is taken once, not sent again.
  const early = method === "GET" ? await takeEarlyResponse(url) : undefined;
  const response = early ?? (await fetch(url, init));
  const text = await response.text();
  if (!response.ok) {
    const { message, code } = parseErrorBody(text);
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, message, code);
  }
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    // Reads are JSON; anything else (an HTML fallback page, a proxy's text) is a failure.
    throw new ApiError(response.status, `${response.status}: Expected JSON from ${url}`);
  }
}

export const api = {
  get: <T>(url: string, options?: RequestOptions) => request<T>("GET", url, undefined, options),
  post: <T = unknown>(url: string, body?: Body, options?: RequestOptions) => request<T>("POST", url, body, options),
  put: <T = unknown>(url: string, body?: Body, options?: RequestOptions) => request<T>("PUT", url, body, options),
  delete: <T = unknown>(url: string, options?: RequestOptions) => request<T>("DELETE", url, undefined, options),
};

/** The text a toast shows for a failure: the server's own message when it sent one. */
export function errorMessage(error: unknown, fallback = "Something went wrong. Please try again."): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** Adds query parameters, skipping empty ones. */
export function withQuery(path: string, params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Admin and unsubscribe toasts: the server's message, a fallback for other answers, another for network failures. */
export function serverMessageOr(error: unknown, fallback: string, networkFallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return networkFallback;
}
