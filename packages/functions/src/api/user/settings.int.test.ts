import { call, PASSWORD, registerUser, uniqueEmail } from "../auth/test-support";

const put = (cookie: string, json: unknown) => call("PUT", "/api/user/settings", { cookie, json });

describe("GET /api/user/settings", () => {
  it("answers the account and every notification preference (default true)", async () => {
    const { cookie, email } = await registerUser();
    const res = await call("GET", "/api/user/settings", { cookie });
    expect(res.body).toEqual({
      email,
      fullName: "Ada Lovelace",
      timezone: "Europe/London",
      notificationPreferences: {
        renderStarted: true,
        renderComplete: true,
        payment: true,
        renderFailure: true,
        emailNotifications: true,
        marketingEmails: true,
        renderNotifications: true,
        weeklyDigest: true,
      },
    });
  });

  it("is a 401 when signed out", async () => {
    expect((await call("GET", "/api/user/settings")).status).toBe(401);
    expect((await call("PUT", "/api/user/settings", { json: { notificationPreferences: { renderComplete: false } } })).status).toBe(401);
  });
});

describe("PUT /api/user/settings", () => {
  it("updates the notification preferences it is given and keeps the others", async () => {
    const { cookie } = await registerUser();
    const res = await put(cookie, { notificationPreferences: { renderComplete: false, renderFailure: false } });
    expect(res.status).toBe(200);
    const { body } = await call("GET", "/api/user/settings", { cookie });
    expect(body.notificationPreferences).toMatchObject({
      renderComplete: false,
      renderFailure: false,
      renderStarted: true,
      weeklyDigest: true,
    });
    await put(cookie, { notificationPreferences: { renderComplete: true } });
    const me = await call("GET", "/api/user", { cookie });
    expect(me.body.notificationPreferences).toMatchObject({ renderComplete: true, renderFailure: false });
  });

  it("refuses a preference that is not a boolean", async () => {
    const { cookie } = await registerUser();
    expect((await put(cookie, { notificationPreferences: { renderComplete: "no" } })).status).toBe(400);
  });

  it("updates name and timezone; an empty name clears it", async () => {
    const { cookie, email } = await registerUser();
    const res = await put(cookie, { email, fullName: "Grace Hopper", timezone: "Asia/Tokyo" });
    expect(res.body).toMatchObject({ email, fullName: "Grace Hopper", timezone: "Asia/Tokyo" });
    await put(cookie, { email, fullName: "", timezone: "UTC" });
    expect((await call("GET", "/api/user", { cookie })).body).toMatchObject({ fullName: null, timezone: "UTC" });
  });

  it("validates the account fields with the spec's messages", async () => {
    const { cookie } = await registerUser();
    expect((await put(cookie, { email: "bad", fullName: "", timezone: "UTC" })).body.message).toBe("Please enter a valid email address");
    expect((await put(cookie, { email: uniqueEmail(), timezone: "" })).body.message).toBe("Please select a timezone");
    expect((await put(cookie, { email: uniqueEmail(), timezone: "Nowhere/Land" })).body.message).toBe("Please select a timezone");
    expect((await put(cookie, {})).status).toBe(400);
  });

  it("does not move the e-mail: that needs the current password and a code (email-change.int.test.ts)", async () => {
    const { cookie, email } = await registerUser();
    const res = await put(cookie, { email: uniqueEmail("next"), fullName: "X", timezone: "UTC" });
    expect([res.status, res.body.message]).toEqual([
      400,
      "To change your e-mail address, confirm it with your current password and the code we send to the new address.",
    ]);
    expect((await call("GET", "/api/user", { cookie })).body).toMatchObject({ email });
  });

  it("changes the password: other sessions end, the current one stays", async () => {
    const { cookie, email } = await registerUser();
    const other = await call("POST", "/api/login", { json: { email, password: PASSWORD } });
    const res = await put(cookie, { currentPassword: PASSWORD, newPassword: "changed-pass" });
    expect(res.status).toBe(200);
    expect((await call("GET", "/api/user", { cookie })).status).toBe(200);
    expect((await call("GET", "/api/user", { cookie: other.cookie })).body).toBeNull();
    expect((await call("POST", "/api/login", { json: { email, password: "changed-pass" } })).status).toBe(200);
    expect((await call("POST", "/api/login", { json: { email, password: PASSWORD } })).status).toBe(401);
  });

  it("refuses a wrong current password, a short new one and a mismatched confirmation", async () => {
    const { cookie, email } = await registerUser();
    const wrong = await put(cookie, { currentPassword: "not-it-at-all", newPassword: "changed-pass" });
    expect([wrong.status, wrong.body.message]).toEqual([400, "Current password is incorrect."]);
    expect((await put(cookie, { currentPassword: "", newPassword: "changed-pass" })).body.message).toBe("Current password is required");
    expect((await put(cookie, { currentPassword: PASSWORD, newPassword: "123" })).body.message).toBe(
      "Password must be at least 6 characters",
    );
    expect(
      (await put(cookie, { currentPassword: PASSWORD, newPassword: "changed-pass", confirmPassword: "other-pass" })).body.message,
    ).toBe("Passwords don't match");
    expect((await call("POST", "/api/login", { json: { email, password: PASSWORD } })).status).toBe(200);
  });
});

describe("GET /api/user/referral-code and /api/user/points", () => {
  it("answers the account's referral code and its balance as a number", async () => {
    const { cookie } = await registerUser();
    expect((await call("GET", "/api/user/referral-code", { cookie })).body).toEqual({
      referralCode: expect.stringMatching(/^[A-Z0-9]{8}$/),
    });
    expect((await call("GET", "/api/user/points", { cookie })).body).toBe(500);
    expect((await call("GET", "/api/user/points")).status).toBe(401);
  });
});
