import { LOCKOUT_MS, lockedFor, lockedOutError, MAX_FAILURES, shouldLock } from "./lockout";

const T = 1_700_000_000_000;

describe("lockout rules", () => {
  it("locks on the fifth failure of a window, once", () => {
    expect(shouldLock({ count: MAX_FAILURES - 1, windowStartedAt: T }, T)).toBe(false);
    expect(shouldLock({ count: MAX_FAILURES, windowStartedAt: T }, T)).toBe(true);
    expect(shouldLock({ count: MAX_FAILURES + 1, windowStartedAt: T, lockedUntil: T + 1000 }, T)).toBe(false);
  });

  it("counts the lock down and words the wait in whole minutes", () => {
    expect(lockedFor({ windowStartedAt: T, lockedUntil: T + LOCKOUT_MS }, T)).toBe(LOCKOUT_MS);
    expect(lockedFor({ windowStartedAt: T, lockedUntil: T + LOCKOUT_MS }, T + LOCKOUT_MS)).toBe(0);
    expect(lockedFor(undefined, T)).toBe(0);
    expect(lockedOutError(LOCKOUT_MS).message).toBe("Too many attempts. Try again in 15 minutes.");
    expect(lockedOutError(61_000).message).toBe("Too many attempts. Try again in 2 minutes.");
    expect(lockedOutError(5_000).message).toBe("Too many attempts. Try again in 1 minute.");
    expect(lockedOutError(5_000).status).toBe(429);
  });
});
