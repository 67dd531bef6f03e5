/**
 * Failures slow the address that makes them, not the account's owner
 * (docs/decisions.md#lockout-without-locking-others-out).
 */
import { call, latestCode, mailsTo, PASSWORD, registerUser, testClientIp, uniqueEmail } from "./test-support";

const from = (ip: string) => ({ "x-forwarded-for": ip });
const NEW_PASSWORD = "fresh-pass-9";

describe("lockout without locking others out", () => {
  it("an attacker's wrong logins and reset codes neither block the owner's password nor their fresh reset code", async () => {
    const { email } = await registerUser();
    const attacker = testClientIp();
    for (let i = 0; i < 5; i++) {
      expect((await call("POST", "/api/login", { json: { email, password: `wrong-${i}-pass` }, headers: from(attacker) })).status).toBe(401);
    }
    // The attacker's address waits before its next sign-in...
    const slowed = await call("POST", "/api/login", { json: { email, password: PASSWORD }, headers: from(attacker) });
    expect(slowed.status).toBe(429);
    expect(slowed.body.message).toMatch(/^Too many attempts\. Try again in \d+ seconds?\.$/);

    await call("POST", "/api/auth/send-password-reset", { json: { email }, headers: from(attacker) });
    for (let i = 0; i < 5; i++) {
      const res = await call("POST", "/api/auth/reset-password", {
        json: { email, password: NEW_PASSWORD, confirmationCode: String(100000 + i) },
        headers: from(attacker),
      });
      expect(res.status).toBe(400);
    }
    // ...while the owner, from their own address, signs in and resets with a fresh code.
    const owner = testClientIp();
    expect((await call("POST", "/api/login", { json: { email, password: PASSWORD }, headers: from(owner) })).status).toBe(200);
    await call("POST", "/api/auth/send-password-reset", { json: { email }, headers: from(owner) });
    const code = await latestCode(email);
    const reset = await call("POST", "/api/auth/reset-password", { json: { email, password: NEW_PASSWORD, confirmationCode: code }, headers: from(owner) });
    expect(reset.status).toBe(200);
  });

  it("the delays grow for the failing address, and unknown e-mails behave alike", async () => {
    for (const email of [(await registerUser()).email, uniqueEmail("ghost")]) {
      const ip = testClientIp();
      for (let i = 0; i < 5; i++) await call("POST", "/api/login", { json: { email, password: "wrong-pass-1" }, headers: from(ip) });
      const first = await call("POST", "/api/login", { json: { email, password: "wrong-pass-1" }, headers: from(ip) });
      expect(first.status).toBe(429);
      expect(first.body.retryAfterSeconds).toBeGreaterThan(0);
    }
  });

  it("tells the owner once when their account sees a burst of failures", async () => {
    const { email } = await registerUser();
    const before = (await mailsTo(email)).length;
    for (let i = 0; i < 14; i++) await call("POST", "/api/login", { json: { email, password: `guess-${i}-x` } });
    const notices = (await mailsTo(email)).slice(before).filter((m) => /sign-in attempts/i.test(m.subject));
    expect(notices).toHaveLength(1);
    expect(notices[0].body.text).toMatch(/failed sign-in attempts/);
  });
});
