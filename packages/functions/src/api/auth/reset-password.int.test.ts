import { call, latestCode, mailsTo, PASSWORD, registerUser, testClientIp, uniqueEmail } from "./test-support";

const INVALID_CODE = "The confirmation code is invalid or expired. Please try again.";
const NEW_PASSWORD = "brand-new-pass";

async function requestReset(email: string) {
  return call("POST", "/api/auth/send-password-reset", { json: { email } });
}

describe("password reset", () => {
  it("answers an unknown e-mail exactly like a known one, and mails nothing", async () => {
    const { email } = await registerUser();
    const ghost = uniqueEmail("ghost");
    const known = await requestReset(email);
    const unknown = await requestReset(ghost);
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
    expect(await mailsTo(ghost)).toHaveLength(0);
    const mails = await mailsTo(email);
    expect(mails.at(-1)!.subject).toMatch(/password reset code/i);
  });

  it("resets with the mailed code, signs in, and ends the sessions opened before", async () => {
    const { email, cookie: before } = await registerUser();
    await requestReset(email);
    const code = await latestCode(email);
    const res = await call("POST", "/api/auth/reset-password", { json: { email, password: NEW_PASSWORD, confirmationCode: code } });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(email);
    expect((await call("GET", "/api/user", { cookie: res.cookie })).status).toBe(200);
    expect((await call("GET", "/api/user", { cookie: before })).body).toBeNull();
    expect((await call("POST", "/api/login", { json: { email, password: PASSWORD } })).status).toBe(401);
    expect((await call("POST", "/api/login", { json: { email, password: NEW_PASSWORD } })).status).toBe(200);
  });

  it("refuses a reused code, a registration code and a wrong code", async () => {
    const { email } = await registerUser();
    await requestReset(email);
    const code = await latestCode(email);
    expect((await call("POST", "/api/auth/reset-password", { json: { email, password: NEW_PASSWORD, confirmationCode: code } })).status).toBe(200);
    const reused = await call("POST", "/api/auth/reset-password", { json: { email, password: "third-pass", confirmationCode: code } });
    expect([reused.status, reused.body.message]).toEqual([400, INVALID_CODE]);
    // A registration code is not a reset code.
    await call("POST", "/api/auth/send-confirmation", { json: { email } });
    const registrationCode = await latestCode(email);
    const crossed = await call("POST", "/api/auth/reset-password", { json: { email, password: "third-pass", confirmationCode: registrationCode } });
    expect([crossed.status, crossed.body.message]).toEqual([400, INVALID_CODE]);
  });

  it("validates the payload with the spec's messages", async () => {
    const res = await call("POST", "/api/auth/reset-password", { json: { email: uniqueEmail(), password: "123", confirmationCode: "123456" } });
    expect([res.status, res.body.message]).toEqual([400, "Password must be at least 6 characters"]);
  });

  it("slows resets from an address after five wrong codes, the same for unknown e-mails", async () => {
    const known = (await registerUser()).email;
    for (const email of [known, uniqueEmail("ghost")]) {
      await requestReset(email);
      // No code reaches an unknown e-mail, so any code is wrong there.
      const wrong = email === known && (await latestCode(email)) === "999999" ? "999998" : "999999";
      const headers = { "x-forwarded-for": testClientIp() };
      for (let i = 0; i < 5; i++) {
        const res = await call("POST", "/api/auth/reset-password", { json: { email, password: NEW_PASSWORD, confirmationCode: wrong }, headers });
        expect(res.status).toBe(400);
      }
      const locked = await call("POST", "/api/auth/reset-password", { json: { email, password: NEW_PASSWORD, confirmationCode: wrong }, headers });
      expect(locked.status).toBe(429);
      expect(locked.body.message).toMatch(/^Too many attempts\. Try again in [12] seconds?\.$/);
    }
  });
});
