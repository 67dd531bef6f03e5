import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProviderClient, ProviderError, retryAfterMs } from "./http";
import { startStandIn, type StandIn } from "./stand-in";

const KEY = "sk-proj-TEST0123456789abcdefSECRET";
let standIn: StandIn;

const client = (extra: Partial<ConstructorParameters<typeof ProviderClient>[0]> = {}) =>
  new ProviderClient({
    provider: "OpenAI",
    baseUrl: `${standIn.origin}/v1/`,
    authHeaders: { authorization: `Bearer ${KEY}` },
    secrets: [KEY],
    retryBaseMs: 5,
    ...extra,
  });

beforeAll(async () => {
  standIn = await startStandIn();
});
afterAll(() => standIn.close());

describe("ProviderClient", () => {
  it("sends JSON with the auth header under the base URL and parses the answer", async () => {
    standIn.answer(() => ({ json: { ok: true } }));
    const answer = await client().json<{ ok: boolean }>({ operation: "test", method: "POST", path: "/things", query: { a: "1" }, json: { x: 2 } });
    expect(answer).toEqual({ ok: true });
    const [request] = standIn.requests;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/things");
    expect(request.query.get("a")).toBe("1");
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.json()).toEqual({ x: 2 });
  });

  it("waits as long as Retry-After says on a 429, then succeeds", async () => {
    let calls = 0;
    standIn.answer(() => (++calls === 1 ? { status: 429, headers: { "retry-after": "1" }, json: { error: { message: "Rate limit reached", type: "requests", param: null, code: "rate_limit_exceeded" } } } : { json: { ok: true } }));
    const started = Date.now();
    await expect(client().json({ operation: "test", path: "/things" })).resolves.toEqual({ ok: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(standIn.requests).toHaveLength(2);
  });

  it("retries 5xx answers with backoff and gives up after maxRetries with the last status", async () => {
    standIn.answer(() => ({ status: 503, json: { error: { message: "The server is overloaded", type: "server_error", param: null, code: null } } }));
    const error = await client({ maxRetries: 2 }).json({ operation: "image generation", path: "/things" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBe(503);
    expect((error as Error).message).toBe("OpenAI image generation failed: HTTP 503 (server_error): The server is overloaded");
    expect(standIn.requests).toHaveLength(3);
  });

  it("does not retry a 400, nor a 429 for an exhausted quota", async () => {
    standIn.answer(() => ({ status: 400, json: { error: { message: "Invalid size", type: "invalid_request_error", param: "size", code: "invalid_value" } } }));
    await expect(client().json({ operation: "test", path: "/x" })).rejects.toMatchObject({ status: 400, code: "invalid_value", retryable: false });
    expect(standIn.requests).toHaveLength(1);

    standIn.answer(() => ({ status: 429, json: { error: { message: "You exceeded your current quota", type: "insufficient_quota", param: null, code: "insufficient_quota" } } }));
    await expect(client().json({ operation: "test", path: "/x" })).rejects.toMatchObject({ status: 429, code: "insufficient_quota" });
    expect(standIn.requests).toHaveLength(1);
  });

  it("names the provider and status on a 401 and never shows the key, even masked", async () => {
    standIn.answer(() => ({
      status: 401,
      json: { error: { message: `Incorrect API key provided: ${KEY}. Also sk-proj-****************cret.`, type: "invalid_request_error", param: null, code: "invalid_api_key" } },
    }));
    const error = (await client().json({ operation: "moderation", path: "/moderations" }).catch((e: unknown) => e)) as ProviderError;
    expect(error.message).toMatch(/^OpenAI moderation failed: HTTP 401 \(invalid_api_key\)/);
    expect(error.message).not.toContain(KEY);
    expect(error.message).not.toMatch(/sk-proj/);
    expect(standIn.requests).toHaveLength(1);
  });

  it("reads ElevenLabs' error shape", async () => {
    standIn.answer(() => ({ status: 422, json: { detail: [{ loc: ["body", "text"], msg: "field required", type: "value_error.missing" }] } }));
    await expect(client({ provider: "ElevenLabs" }).json({ operation: "speech", path: "/x" })).rejects.toThrow("ElevenLabs speech failed: HTTP 422: body.text: field required");
    standIn.answer(() => ({ status: 404, json: { detail: { status: "voice_not_found", message: "A voice with that ID was not found." } } }));
    await expect(client({ provider: "ElevenLabs" }).json({ operation: "speech", path: "/x" })).rejects.toMatchObject({ code: "voice_not_found", status: 404 });
  });

  it("times out a slow answer and says so", async () => {
    standIn.answer(() => new Promise((resolve) => setTimeout(() => resolve({ json: {} }), 1000)));
    await expect(client({ timeoutMs: 100, maxRetries: 1 }).json({ operation: "test", path: "/slow" })).rejects.toThrow(
      "OpenAI test failed: no answer, timed out after 100 ms",
    );
    expect(standIn.requests).toHaveLength(2);
  });

  it("does not send the credentials to an absolute URL", async () => {
    standIn.answer(() => ({ body: "abc", headers: { "content-type": "audio/mpeg" } }));
    const { bytes, contentType } = await client().fetchUrl({ operation: "preview", path: `${standIn.origin}/files/a.mp3` });
    expect(Buffer.from(bytes).toString()).toBe("abc");
    expect(contentType).toBe("audio/mpeg");
    expect(standIn.requests[0].headers.authorization).toBeUndefined();
  });
});

describe("retryAfterMs", () => {
  it("reads seconds, milliseconds, HTTP dates and, on a 429, OpenAI's x-ratelimit-reset-* durations", () => {
    expect(retryAfterMs(new Headers({ "retry-after": "2" }))).toBe(2000);
    expect(retryAfterMs(new Headers({ "retry-after-ms": "150", "retry-after": "9" }))).toBe(150);
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(retryAfterMs(new Headers({ "retry-after": "Wed, 01 Jan 2025 00:00:05 GMT" }), now)).toBe(5000);
    expect(retryAfterMs(new Headers({ "retry-after": "3600" }))).toBe(3_600_000);
    expect(retryAfterMs(new Headers())).toBeUndefined();
    const resets = new Headers({ "x-ratelimit-reset-requests": "1s", "x-ratelimit-reset-tokens": "6m0s" });
    expect(retryAfterMs(resets, now, 429)).toBe(360_000);
    expect(retryAfterMs(new Headers({ "x-ratelimit-reset-requests": "20ms" }), now, 429)).toBe(20);
    // The reset headers come on every answer; only a 429 means "wait for it".
    expect(retryAfterMs(resets, now, 500)).toBeUndefined();
  });
});
