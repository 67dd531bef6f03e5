import { randomUUID } from "node:crypto";
import { handler as login } from "../api/auth/login";
import { IP_LIMITS } from "./ip-limits";
import { makeEvent } from "./test-event";

/** A login attempt as the Lambda receives it, from `sourceIp` with the given headers. */
const attempt = (sourceIp: string, headers: Record<string, string> = {}) => {
  const event = makeEvent({
    method: "POST",
    path: "/api/login",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ email: `${randomUUID()}@example.com`, password: "wrong-pass-1" }),
  });
  event.requestContext.http.sourceIp = sourceIp;
  return login(event);
};

const randomPublicIp = () => `203.0.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
const limit = IP_LIMITS["POST /api/login"].limit;

describe("the client address of the per-address limits (docs/decisions.md#client-address)", () => {
  afterEach(() => {
    delete process.env.ORIGIN_VERIFY_SECRET;
  });

  it("a direct caller cannot reset its budget by writing X-Forwarded-For", async () => {
    const caller = randomPublicIp();
    for (let i = 0; i < limit; i++) expect((await attempt(caller, { "x-forwarded-for": `10.1.${i}.1` })).statusCode).toBe(401);
    const over = await attempt(caller, { "x-forwarded-for": "10.9.9.9" });
    expect(over.statusCode).toBe(429);
  });

  it("a 4,000-character X-Forwarded-For is not a key: the answer is an ordinary one, not a 500", async () => {
    const res = await attempt("127.0.0.1", { "x-forwarded-for": "9".repeat(4000) });
    expect(res.statusCode).toBe(401);
    const garbage = await attempt(randomPublicIp(), { "x-forwarded-for": `x${"a".repeat(3000)}, ${"b".repeat(1000)}` });
    expect(garbage.statusCode).toBe(401);
  });

  it("with ORIGIN_VERIFY_SECRET set, a request without CloudFront's header answers 403", async () => {
    process.env.ORIGIN_VERIFY_SECRET = "s3cret-from-cloudfront";
    const direct = await attempt(randomPublicIp());
    expect(direct.statusCode).toBe(403);
    expect(JSON.parse(direct.body as string).message).toBe("Please use the app's address; this endpoint is not public.");
    expect((await attempt(randomPublicIp(), { "x-origin-verify": "guess" })).statusCode).toBe(403);
  });

  it("behind CloudFront the viewer's address counts, not CloudFront's own", async () => {
    process.env.ORIGIN_VERIFY_SECRET = "s3cret-from-cloudfront";
    const edge = randomPublicIp();
    const viewer = `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}`;
    const via = (who: string) => ({ "x-origin-verify": "s3cret-from-cloudfront", "cloudfront-viewer-address": who });
    for (let i = 0; i < limit; i++) expect((await attempt(edge, via(`[${viewer}]:${40000 + i}`))).statusCode).toBe(401);
    expect((await attempt(edge, via(`${viewer}:41000`))).statusCode).toBe(429);
    // Another viewer through the same edge still has its own budget.
    expect((await attempt(edge, via(`198.51.100.${Math.floor(Math.random() * 250)}:443`))).statusCode).toBe(401);
  });
});
