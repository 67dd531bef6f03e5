import { randomUUID } from "node:crypto";
import { login } from "./password";
import { MAX_FAILURES } from "./lockout";

describe("lockout under parallel guesses", () => {
  it("checks at most MAX_FAILURES passwords of 20 parallel guesses; the rest are 429 before any check", async () => {
    const email = `guess-${randomUUID().slice(0, 12)}@example.com`;
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => login(email, "wrong-password-1")));
    const statuses = results.map((r) => (r.status === "rejected" ? (r.reason as { status: number }).status : 200));
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - MAX_FAILURES);
    await expect(login(email, "wrong-password-1")).rejects.toMatchObject({
      status: 429,
      message: "Too many attempts. Try again in 15 minutes.",
    });
  });
});
