import { randomUUID } from "node:crypto";
import { assertWithinRateLimit, countAttempt, type RateLimitRule } from "./rate-limit";

const rule = (limit: number): RateLimitRule => ({ action: `test-${randomUUID()}`, limit, windowSeconds: 60, message: "Too many tries." });

describe("rate limit", () => {
  it("allows exactly the limit of parallel attempts in one window", async () => {
    const r = rule(10);
    const results = await Promise.all(Array.from({ length: 25 }, () => countAttempt(r, "203.0.113.9")));
    expect(results.filter((x) => x.allowed)).toHaveLength(10);
  });

  it("counts each subject on its own", async () => {
    const r = rule(1);
    await assertWithinRateLimit(r, "a");
    await assertWithinRateLimit(r, "b");
    await expect(assertWithinRateLimit(r, "a")).rejects.toMatchObject({ status: 429, message: expect.stringMatching(/^Too many tries\. Please wait \d+ (second|minute)s? and try again\.$/) });
  });
});
