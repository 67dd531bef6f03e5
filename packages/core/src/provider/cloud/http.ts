/**
 * The one way the cloud adapters talk HTTP: Node's global fetch with a
 * timeout per attempt, and errors that name the provider, the operation and
 * the status, never the key. This is the only layer that retries a provider
 * call (docs/decisions.md#provider-errors): at most 4 attempts, only for
 * failures another try can cure (429, 5xx, timeouts), waiting as long as
 * Retry-After or OpenAI's x-ratelimit-reset-* headers ask.
 */
import type { ProviderSlots } from "../slots";
import { classifyFailure, parseResetDuration, RETRYABLE_KINDS, type ProviderFailureKind } from "./failure";

export interface ProviderClientOptions {
  /** How the provider is named in errors, e.g. "OpenAI". */
  provider: string;
  /** e.g. https://api.openai.com/v1; paths are appended to it. */
  baseUrl: string;
  /** Authentication headers sent with every request to `baseUrl`. */
  authHeaders: Record<string, string>;
  /** Values to scrub from error messages (the key). */
  secrets: string[];
  /** Per attempt, default 60 s. */
  timeoutMs?: number;
  /** Retries after the first attempt, default 3 (4 attempts: the whole budget of a block's call). */
  maxRetries?: number;
  /** The account's concurrent-request slots (provider/slots.ts): one is held per attempt, never while waiting to retry. */
  slots?: ProviderSlots;
  /** First backoff delay, doubled per retry (with jitter), default 500 ms. */
  retryBaseMs?: number;
}

export interface ProviderRequest {
  /** What is being done, for errors: "image generation", "voice list", ... */
  operation: string;
  method?: "GET" | "POST";
  /** Relative to the base URL (e.g. "/images/generations"), or an absolute URL for `fetchUrl`. */
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  /** A multipart body (files, such as OpenAI's image edits); fetch sets its content type and boundary, and sends it again on a retry. */
  form?: FormData;
  timeoutMs?: number;
}

/**
 * A provider call that failed; `status` is absent when no answer came back.
 * Its name stays "ProviderError": the render workflow does not retry errors of
 * that name (the client spent the block's retry budget already, render/workflow.ts).
 */
export class ProviderError extends Error {
  readonly kind: ProviderFailureKind;
  readonly retryable: boolean;
  constructor(
    message: string,
    readonly provider: string,
    readonly status: number | undefined,
    /** The provider's error code when it gave one (e.g. "invalid_api_key", "moderation_blocked"). */
    readonly code: string | undefined,
    /** What went wrong; by default read from the status and code. */
    kind?: ProviderFailureKind,
    /** The provider's own words, unprefixed (shown to the writer for a refusal). */
    readonly detail?: string,
  ) {
    super(message);
    this.name = "ProviderError";
    this.kind = kind ?? classifyFailure(status, code, message);
    this.retryable = RETRYABLE_KINDS.has(this.kind);
  }
}

/** Longest wait between attempts; a provider asking for more is reported, not waited for. */
const MAX_RETRY_AFTER_MS = 60_000;
const MAX_BACKOFF_MS = 20_000;
const MAX_MESSAGE = 300;
/** Anything shaped like an API key (OpenAI sk-/sk-proj-, ElevenLabs sk_), even masked. */
const KEY_LIKE = /\b(?:sk|rk|xi)[-_][A-Za-z0-9*_-]{6,}/g;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Milliseconds the provider asks us to wait, if it says: retry-after-ms,
 * Retry-After (seconds or an HTTP date), else on a 429 the later of OpenAI's
 * x-ratelimit-reset-requests / -tokens (whichever limit ran out). Not capped:
 * the caller decides whether it is worth waiting that long.
 */
export function retryAfterMs(headers: Headers, now = Date.now(), status?: number): number | undefined {
  const ms = Number(headers.get("retry-after-ms"));
  if (headers.has("retry-after-ms") && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get("retry-after")?.trim();
  if (value) {
    const seconds = Number(value);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(value);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  if (status !== 429) return undefined;
  const resets = [headers.get("x-ratelimit-reset-requests"), headers.get("x-ratelimit-reset-tokens")]
    .map(parseResetDuration)
    .filter((v): v is number => v !== undefined);
  return resets.length ? Math.max(...resets) : undefined;
}

/** The message and code out of an error body: OpenAI's `{error:{message,code}}` or ElevenLabs' `{detail}`. */
function describeErrorBody(text: string): { message?: string; code?: string } {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const error = body.error as { message?: unknown; code?: unknown; type?: unknown } | string | undefined;
    if (error && typeof error === "object") {
      const code = typeof error.code === "string" ? error.code : typeof error.type === "string" ? error.type : undefined;
      return { message: typeof error.message === "string" ? error.message : undefined, code };
    }
    const detail = body.detail as { message?: unknown; status?: unknown } | { msg?: unknown }[] | string | undefined;
    if (typeof detail === "string") return { message: detail };
    if (Array.isArray(detail))
      return {
        message:
          detail
            // FastAPI's validation errors: say which field ("body.text: Field required").
            .map((d) => {
              const loc = Array.isArray((d as { loc?: unknown })?.loc) ? (d as { loc: unknown[] }).loc.join(".") : "";
              const msg = String(d?.msg ?? "");
              return msg && loc ? `${loc}: ${msg}` : msg;
            })
            .filter(Boolean)
            .join("; ") || undefined,
      };
    if (detail && typeof detail === "object") {
      return {
        message: typeof detail.message === "string" ? detail.message : undefined,
        code: typeof detail.status === "string" ? detail.status : undefined,
      };
    }
    if (typeof error === "string") return { message: error };
  } catch {
    // Not JSON: a proxy's HTML page or plain text.
  }
  return {
    message:
      text
        .replace(/<[^<>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim() || undefined,
  };
}

export class ProviderClient {
  private readonly baseUrl: string;

  constructor(private readonly options: ProviderClientOptions) {
    this.baseUrl = options.baseUrl.replace(/(?<!\/)\/+$/, "");
  }

  get provider() {
    return this.options.provider;
  }

  /** POSTs or GETs JSON under the base URL and parses the JSON answer. */
  async json<T>(request: ProviderRequest): Promise<T> {
    const response = await this.send(request, true);
    const text = new TextDecoder().decode(response.body);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw this.error(`${request.operation} answered with something that is not JSON`, response.status, undefined, "bad_answer");
    }
  }

  /** A request under the base URL whose answer is binary (audio). */
  async bytes(request: ProviderRequest): Promise<{ bytes: Uint8Array; contentType: string }> {
    const response = await this.send(request, true);
    return { bytes: response.body, contentType: response.headers.get("content-type") ?? "" };
  }

  /** GETs an absolute URL the provider handed out (a public preview file): same retries, no credentials. */
  async fetchUrl(request: Omit<ProviderRequest, "method" | "json">): Promise<{ bytes: Uint8Array; contentType: string }> {
    const response = await this.send({ ...request, method: "GET" }, false);
    return { bytes: response.body, contentType: response.headers.get("content-type") ?? "" };
  }

  private url(path: string, query?: Record<string, string>): string {
    const url = new URL(/^https?:\/\//.test(path) ? path : `${this.baseUrl}/${path.replace(/^\/+/, "")}`);
    for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
    return url.toString();
  }

  /** One attempt's answer, read whole while the slot is held. */
  private async attempt(url: string, init: RequestInit, timeoutMs: number, useSlot: boolean) {
    // The lease outlives the attempt's own time limit, so a killed process frees its slot soon after.
    const release = useSlot && this.options.slots ? await this.options.slots.acquire(timeoutMs + 30_000) : undefined;
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      const body = new Uint8Array(await response.arrayBuffer());
      return { ok: response.ok, status: response.status, headers: response.headers, body };
    } finally {
      await release?.();
    }
  }

  private async send(request: ProviderRequest, authenticated: boolean) {
    const { maxRetries = 3, retryBaseMs = 500, timeoutMs = 60_000 } = this.options;
    const url = this.url(request.path, request.query);
    const headers: Record<string, string> = { ...(authenticated ? this.options.authHeaders : {}) };
    if (request.json !== undefined) headers["content-type"] = "application/json";
    const body = request.json === undefined ? request.form : JSON.stringify(request.json);
    const attemptTimeout = request.timeoutMs ?? timeoutMs;

    for (let attempt = 0; ; attempt++) {
      let failure: ProviderError;
      let waitMs: number | undefined;
      try {
        // Files from a public CDN (previews) are not the account's requests: no slot.
        const response = await this.attempt(url, { method: request.method ?? "GET", headers, body }, attemptTimeout, authenticated);
        if (response.ok) return response;
        const { message, code } = describeErrorBody(new TextDecoder().decode(response.body));
        const kind = classifyFailure(response.status, code, message);
        failure = this.error(
          `${request.operation} failed: HTTP ${response.status}${code ? ` (${code})` : ""}${message ? `: ${message}` : ""}`,
          response.status,
          code,
          kind,
          message,
        );
        waitMs = retryAfterMs(response.headers, Date.now(), response.status);
      } catch (error) {
        const name = (error as Error).name;
        // No free slot for minutes: the account is saturated; another attempt would wait as long again.
        if (name === "SlotWaitTimeout") throw this.error(`${request.operation} failed: no answer, ${(error as Error).message}`, undefined, undefined, "unavailable");
        // Not the network (the slots' table, a bug): not the provider's failure, so not reported as one.
        if (name !== "TypeError" && name !== "TimeoutError" && name !== "AbortError") throw error;
        const timedOut = name === "TimeoutError" || name === "AbortError";
        const after = attemptTimeout < 1000 ? `${attemptTimeout} ms` : `${Math.round(attemptTimeout / 1000)} s`;
        const reason = timedOut ? `timed out after ${after}` : `network error (${(error as Error).message})`;
        failure = this.error(`${request.operation} failed: no answer, ${reason}`, undefined, undefined, "unavailable");
      }
      if (!failure.retryable || attempt >= maxRetries) throw failure;
      // Asked to wait longer than a block can: say so now rather than hold the task.
      if (waitMs !== undefined && waitMs > MAX_RETRY_AFTER_MS) {
        throw this.error(`${failure.message.replace(/^\S+ /, "")} (asked to wait ${Math.round(waitMs / 1000)} s)`, failure.status, failure.code, failure.kind);
      }
      const backoff = Math.min(retryBaseMs * 2 ** attempt, MAX_BACKOFF_MS) * (0.75 + Math.random() * 0.5);
      await sleep(waitMs ?? backoff);
    }
  }

  private error(message: string, status: number | undefined, code: string | undefined, kind: ProviderFailureKind, detail?: string): ProviderError {
    const scrub = (value: string) => {
      let text = value;
      for (const secret of this.options.secrets) if (secret) text = text.split(secret).join("[redacted]");
      text = text.replace(KEY_LIKE, "[redacted]");
      return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
    };
    return new ProviderError(scrub(`${this.options.provider} ${message}`), this.options.provider, status, code, kind, detail && scrub(detail));
  }
}
