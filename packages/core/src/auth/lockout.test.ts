import { ACCOUNT_FREE_FAILURES, ACCOUNT_MAX_DELAY_MS, delayAfter, FREE_FAILURES, lockedFor, lockedOutError, MAX_DELAY_MS } from "./lockout";

const T = 1_700_000_000_000;

describe("growing delays", () => {
  it("are free up to the limit, then double from one second to the cap", () => {
    expect(delayAfter(FREE_FAILURES - 1, FREE_FAILURES, MAX_DELAY_MS)).toBe(0);
    expect(delayAfter(FREE_FAILURES, FREE_FAILURES, MAX_DELAY_MS)).toBe(1000);
    expect(delayAfter(FREE_FAILURES + 3, FREE_FAILURES, MAX_DELAY_MS)).toBe(8000);
    expect(delayAfter(FREE_FAILURES + 40, FREE_FAILURES, MAX_DELAY_MS)).toBe(MAX_DELAY_MS);
    expect(delayAfter(ACCOUNT_FREE_FAILURES + 40, ACCOUNT_FREE_FAILURES, ACCOUNT_MAX_DELAY_MS)).toBe(60_000);
  });

  it("count down and word the wait in seconds, then minutes", () => {
    expect(lockedFor({ windowStartedAt: T, lockedUntil: T + 5000 }, T)).toBe(5000);
    expect(lockedFor({ windowStartedAt: T, lockedUntil: T + 5000 }, T + 5000)).toBe(0);
    expect(lockedFor(undefined, T)).toBe(0);
    expect(lockedOutError(1000).message).toBe("Too many attempts. Try again in 1 second.");
    expect(lockedOutError(61_000).message).toBe("Too many attempts. Try again in 61 seconds.");
    expect(lockedOutError(MAX_DELAY_MS).message).toBe("Too many attempts. Try again in 15 minutes.");
    expect(lockedOutError(5_000).status).toBe(429);
    expect(lockedOutError(5_000).details).toEqual({ retryAfterSeconds: 5 });
  });
});
