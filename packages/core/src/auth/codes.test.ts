import { CODE_TTL_MS, codeMatches, codeRejection, generateCode, hashCode, MAX_CODE_ATTEMPTS, MAX_SENDS_PER_WINDOW, nextSendWindow, SEND_WINDOW_MS } from "./codes";

const T = 1_700_000_000_000;

describe("confirmation codes", () => {
  it("are six digits, leading zeros kept, and vary", () => {
    const codes = Array.from({ length: 200 }, generateCode);
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it("are stored as a salted SHA-256 that differs by e-mail and purpose", () => {
    const h = hashCode("a@x.com", "register", "012345");
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toContain("012345");
    expect(hashCode("a@x.com", "register", "012345")).toBe(h);
    expect(hashCode("b@x.com", "register", "012345")).not.toBe(h);
    expect(hashCode("a@x.com", "resetPassword", "012345")).not.toBe(h);
    expect(codeMatches({ codeHash: h }, "a@x.com", "register", "012345")).toBe(true);
    expect(codeMatches({ codeHash: h }, "a@x.com", "register", "012346")).toBe(false);
    expect(codeMatches({ codeHash: "used" }, "a@x.com", "register", "012345")).toBe(false);
  });

  it("expire after 4 minutes, and die after five tries", () => {
    const item = { codeHash: "h", attempts: 0, validUntil: T + CODE_TTL_MS, windowStartedAt: T };
    expect(CODE_TTL_MS).toBe(4 * 60_000);
    expect(codeRejection(item, T)).toBeNull();
    expect(codeRejection(item, T + CODE_TTL_MS - 1)).toBeNull();
    expect(codeRejection(item, T + CODE_TTL_MS)).toBe("expired");
    expect(codeRejection({ ...item, attempts: MAX_CODE_ATTEMPTS - 1 }, T)).toBeNull();
    expect(codeRejection({ ...item, attempts: MAX_CODE_ATTEMPTS }, T)).toBe("exhausted");
    expect(codeRejection({ ...item, codeHash: "used" }, T)).toBe("used");
    expect(codeRejection(undefined, T)).toBe("missing");
  });

  it("allow five sends per 15-minute window, then say how long to wait", () => {
    let state = nextSendWindow(undefined, T);
    expect(state).toEqual({ sendCount: 1, windowStartedAt: T });
    for (let i = 2; i <= MAX_SENDS_PER_WINDOW; i++) {
      state = nextSendWindow(state as { sendCount: number; windowStartedAt: number }, T + i * 1000);
      expect(state).toEqual({ sendCount: i, windowStartedAt: T });
    }
    const full = state as { sendCount: number; windowStartedAt: number };
    expect(nextSendWindow(full, T + 60_000)).toEqual({ retryAfterMs: SEND_WINDOW_MS - 60_000 });
    expect(nextSendWindow(full, T + SEND_WINDOW_MS)).toEqual({ sendCount: 1, windowStartedAt: T + SEND_WINDOW_MS });
  });
});
