import { randomUUID } from "node:crypto";
import { login } from "./password";
import { FREE_FAILURES } from "./lockout";

describe("growing delays under parallel guesses", () => {
  it("of 20 parallel guesses from one address, checks the free ones and at most one more; the rest are 429 before any check", async () => {
    const email = `guess-${randomUUID().slice(0, 12)}@example.com`;
    const address = "198.51.100.20";
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => login(email, "wrong-password-1", address)));
    const statuses = results.map((r) => (r.status === "rejected" ? (r.reason as { status: number }).status : 200));
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThanOrEqual(FREE_FAILURES);
    expect(checked).toBeLessThanOrEqual(FREE_FAILURES + 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - checked);
    await expect(login(email, "wrong-password-1", address)).rejects.toMatchObject({ status: 429 });
    // Another address is not held back by these failures.
    await expect(login(email, "wrong-password-1", "198.51.100.21")).rejects.toMatchObject({ status: 401 });
  });
});
