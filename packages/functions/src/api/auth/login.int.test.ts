import { call, PASSWORD, registerUser, testClientIp, uniqueEmail } from "./test-support";

const LOGIN_FAILED = "Invalid email or password.";

describe("POST /api/login and /api/logout", () => {
  it("signs in with a browser-session cookie, or a 30-day one with rememberMe", async () => {
    const { email } = await registerUser();
    const plain = await call("POST", "/api/login", { json: { email: email.toUpperCase(), password: PASSWORD } });
    expect(plain.status).toBe(200);
    expect(plain.body.email).toBe(email);
    expect(plain.setCookies[0]).not.toContain("Max-Age");
    const remembered = await call("POST", "/api/login", { json: { email, password: PASSWORD, rememberMe: true } });
    expect(remembered.setCookies[0]).toContain(`Max-Age=${30 * 24 * 3600}`);
    expect((await call("GET", "/api/user", { cookie: remembered.cookie })).body.email).toBe(email);
  });

  it("answers a wrong password and an unknown e-mail the same way", async () => {
    const { email } = await registerUser();
    const wrong = await call("POST", "/api/login", { json: { email, password: "not-the-password" } });
    const unknown = await call("POST", "/api/login", { json: { email: uniqueEmail("ghost"), password: "not-the-password" } });
    expect([wrong.status, wrong.body]).toEqual([401, { message: LOGIN_FAILED, code: "unauthorized" }]);
    expect([unknown.status, unknown.body]).toEqual([401, { message: LOGIN_FAILED, code: "unauthorized" }]);
    expect(wrong.cookie).toBeUndefined();
  });

  it("validates the payload with the spec's messages", async () => {
    const bad = await call("POST", "/api/login", { json: { email: "x", password: "secret1" } });
    expect([bad.status, bad.body.message]).toEqual([400, "Please enter a valid email address"]);
    const short = await call("POST", "/api/login", { json: { email: uniqueEmail(), password: "12345" } });
    expect([short.status, short.body.message]).toEqual([400, "Password must be at least 6 characters"]);
  });

  it("slows an address after five failures for an e-mail, even for the right password (lockout-others.int.test.ts: not the owner)", async () => {
    const { email } = await registerUser();
    const headers = { "x-forwarded-for": testClientIp() };
    for (let i = 0; i < 5; i++) {
      const res = await call("POST", "/api/login", { json: { email, password: `wrong-${i}-pass` }, headers });
      expect(res.status).toBe(401);
    }
    const slowed = await call("POST", "/api/login", { json: { email, password: PASSWORD }, headers });
    expect(slowed.status).toBe(429);
    expect(slowed.body.message).toMatch(/^Too many attempts\. Try again in [12] seconds?\.$/);
  });

  it("slows unknown e-mails alike (the delays reveal nothing)", async () => {
    const email = uniqueEmail("ghost");
    const headers = { "x-forwarded-for": testClientIp() };
    for (let i = 0; i < 5; i++) await call("POST", "/api/login", { json: { email, password: "whatever1" }, headers });
    expect((await call("POST", "/api/login", { json: { email, password: "whatever1" }, headers })).status).toBe(429);
  });

  it("a success clears the failure count", async () => {
    const { email } = await registerUser();
    const headers = { "x-forwarded-for": testClientIp() };
    for (let i = 0; i < 4; i++) await call("POST", "/api/login", { json: { email, password: "wrong-pass" }, headers });
    expect((await call("POST", "/api/login", { json: { email, password: PASSWORD }, headers })).status).toBe(200);
    for (let i = 0; i < 4; i++) await call("POST", "/api/login", { json: { email, password: "wrong-pass" }, headers });
    expect((await call("POST", "/api/login", { json: { email, password: PASSWORD }, headers })).status).toBe(200);
  });

  it("logout ends the session on the server: the old cookie is signed out", async () => {
    const { cookie } = await registerUser();
    expect((await call("GET", "/api/user", { cookie })).status).toBe(200);
    const out = await call("POST", "/api/logout", { cookie });
    expect(out.status).toBe(200);
    expect(out.setCookies[0]).toMatch(/^sb_session=; .*Max-Age=0/);
    const after = await call("GET", "/api/user", { cookie });
    expect([after.status, after.body]).toEqual([200, null]);
    expect((await call("GET", "/api/user/settings", { cookie })).status).toBe(401);
  });

  it("logout of one user leaves another user's session alone", async () => {
    const a = await registerUser();
    const b = await registerUser();
    await call("POST", "/api/logout", { cookie: a.cookie });
    expect((await call("GET", "/api/user", { cookie: a.cookie })).body).toBeNull();
    expect((await call("GET", "/api/user", { cookie: b.cookie })).body.id).toBe(b.user.id);
  });

  it("GET /api/user answers null when signed out (no failed request in a visitor's console); signed-in routes stay 401", async () => {
    const res = await call("GET", "/api/user");
    expect([res.status, res.body]).toEqual([200, null]);
    expect((await call("GET", "/api/user/settings")).status).toBe(401);
    expect((await call("GET", "/api/user", { cookie: "sb_session=forged" })).body).toBeNull();
  });
});
