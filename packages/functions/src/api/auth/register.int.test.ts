import { passwordIdentityOf } from "@storyboard/core/auth/identity";
import { setClock } from "@storyboard/core/clock";
import { db } from "@storyboard/core/dynamo/service";
import { makeEvent } from "../../shared/test-event";
import { handler as registerHandler } from "./register";
import { call, latestCode, mailsTo, PASSWORD, registration, registerUser, uniqueEmail } from "./test-support";

const INVALID_CODE = "The confirmation code is invalid or expired. Please try again.";

async function sendCode(email: string) {
  const res = await call("POST", "/api/auth/send-confirmation", { json: { email } });
  expect(res.status).toBe(200);
  return latestCode(email);
}

describe("POST /api/auth/send-confirmation", () => {
  it("e-mails a 6-digit code in plain text and HTML", async () => {
    const email = uniqueEmail("code");
    const res = await call("POST", "/api/auth/send-confirmation", { json: { email } });
    expect(res.status).toBe(200);
    const [mail] = await mailsTo(email);
    expect(mail.subject).toMatch(/confirmation code/i);
    const code = /\b(\d{6})\b/.exec(mail.body.text!)![1];
    expect(mail.body.text).toContain("expires in 4 minutes");
    expect(mail.body.html).toContain(code);
    expect(mail.body.html).toContain("<html");
  });

  it("refuses an invalid e-mail with the spec's message", async () => {
    const res = await call("POST", "/api/auth/send-confirmation", { json: { email: "not-an-email" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please enter a valid email address");
  });

  it("limits resends: the sixth within 15 minutes is a 429 with a clear message", async () => {
    const email = uniqueEmail("resend");
    for (let i = 0; i < 5; i++) expect((await call("POST", "/api/auth/send-confirmation", { json: { email } })).status).toBe(200);
    const sixth = await call("POST", "/api/auth/send-confirmation", { json: { email } });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/^Too many codes requested\. Try again in 1[45] minutes\.$/);
    expect(await mailsTo(email)).toHaveLength(5);
  });

  it("stores the code hashed, never in plain", async () => {
    const email = uniqueEmail("hashed");
    const code = await sendCode(email);
    const { data } = await db.entities.confirmationCode.get({ email, purpose: "register" }).go();
    expect(data!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(data)).not.toContain(code);
  });
});

describe("POST /api/register", () => {
  it("creates the account with 500 points, a welcome ledger entry and a session", async () => {
    const email = uniqueEmail("Ada.Lovelace");
    const code = await sendCode(email);
    const res = await call("POST", "/api/register", { json: registration(email, { confirmationCode: code }) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      username: expect.stringMatching(/^ada\.lovelace-/),
      email: email.toLowerCase(),
      fullName: "Ada Lovelace",
      roles: [],
      timezone: "Europe/London",
      points: 500,
      notificationPreferences: expect.objectContaining({ renderComplete: true, emailNotifications: true, weeklyDigest: true }),
      createdAt: expect.any(String),
      welcomeDismissedAt: null,
    });
    expect(res.setCookies[0]).toMatch(/^sb_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/);
    const me = await call("GET", "/api/user", { cookie: res.cookie });
    expect(me.body).toEqual(res.body);
    const ledger = await call("GET", "/api/points/ledger", { cookie: res.cookie });
    expect(ledger.body.records).toEqual([
      { id: expect.any(String), delta: 500, reason: "signup", comment: "Welcome bonus", referenceId: null, createdAt: expect.any(String) },
    ]);
    // Cognito holds the identity and the password.
    expect(await passwordIdentityOf(email.toLowerCase())).toEqual(expect.any(String));
    const login = await call("POST", "/api/login", { json: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
  });

  it("gives the same local part a unique username with a suffix", async () => {
    const local = `twin${Date.now()}`;
    const first = await registerUser({ email: `${local}@one.example` });
    const second = await registerUser({ email: `${local}@two.example` });
    expect(first.user.username).toBe(local);
    expect(second.user.username).toMatch(new RegExp(`^${local}\\d{3,}$`));
  });

  it.each([
    ["an invalid e-mail", { email: "nope" }, "Please enter a valid email address"],
    ["a short password", { password: "12345", confirmPassword: "12345" }, "Password must be at least 6 characters"],
    ["mismatched passwords", { confirmPassword: "something-else" }, "Passwords don't match"],
    ["terms not agreed", { agreeToTerms: false }, "You must agree to the terms and conditions"],
    ["no timezone", { timezone: "" }, "Please select a timezone"],
    ["a code of letters", { confirmationCode: "12a456" }, "Invalid code"],
    ["a short code", { confirmationCode: "12345" }, "Please enter a 6-digit confirmation code."],
  ])("refuses %s with the spec's message", async (_name, change, message) => {
    const email = uniqueEmail("bad");
    const res = await call("POST", "/api/register", { json: registration(email, { confirmationCode: "123456", ...change }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("refuses a timezone that does not exist", async () => {
    const email = uniqueEmail("tz");
    const code = await sendCode(email);
    const res = await call("POST", "/api/register", { json: registration(email, { confirmationCode: code, timezone: "Mars/Olympus" }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please select a timezone");
  });

  it("refuses a wrong code, and a code that was never sent", async () => {
    const email = uniqueEmail("wrong");
    const code = await sendCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    const res = await call("POST", "/api/register", { json: registration(email, { confirmationCode: wrong }) });
    expect([res.status, res.body.message]).toEqual([400, INVALID_CODE]);
    const never = await call("POST", "/api/register", { json: registration(uniqueEmail("never"), { confirmationCode: code }) });
    expect([never.status, never.body.message]).toEqual([400, INVALID_CODE]);
  });

  it("counts every try: after five wrong ones even the right code fails", async () => {
    const email = uniqueEmail("tries");
    const code = await sendCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const res = await call("POST", "/api/register", { json: registration(email, { confirmationCode: wrong }) });
      expect(res.body.message).toBe(INVALID_CODE);
    }
    const sixth = await call("POST", "/api/register", { json: registration(email, { confirmationCode: code }) });
    expect(sixth.status).toBe(400);
    expect(sixth.body.message).toBe("Too many incorrect attempts for this confirmation code. Request a new code.");
    // A new code works again.
    const fresh = await sendCode(email);
    expect((await call("POST", "/api/register", { json: registration(email, { confirmationCode: fresh }) })).status).toBe(200);
  });

  it("refuses a code used once already", async () => {
    const email = uniqueEmail("reuse");
    const code = await sendCode(email);
    expect((await call("POST", "/api/register", { json: registration(email, { confirmationCode: code }) })).status).toBe(200);
    const again = await call("POST", "/api/register", { json: registration(email, { confirmationCode: code }) });
    expect([again.status, again.body.message]).toEqual([400, INVALID_CODE]);
  });

  it("refuses a code after its 4 minutes (controlled clock)", async () => {
    const email = uniqueEmail("expired");
    const code = await sendCode(email);
    const body = JSON.stringify(registration(email, { confirmationCode: code }));
    const event = () => makeEvent({ method: "POST", path: "/api/register", body, headers: { "content-type": "application/json" } });
    try {
      setClock(() => Date.now() + 4 * 60_000 + 1_000);
      const late = await registerHandler(event());
      expect(late.statusCode).toBe(400);
      expect(JSON.parse(late.body!).message).toBe(INVALID_CODE);
      // Just inside the 4 minutes the same code still works: the late try did not use it up.
      setClock(() => Date.now() + 3 * 60_000 + 50_000);
      expect((await registerHandler(event())).statusCode).toBe(200);
    } finally {
      setClock(undefined);
    }
  });

  it("answers a taken e-mail with a 409 and writes nothing", async () => {
    const { email } = await registerUser();
    const code = await sendCode(email);
    const res = await call("POST", "/api/register", { json: registration(email.toUpperCase(), { confirmationCode: code, password: "another-pass", confirmPassword: "another-pass" }) });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("An account with this email already exists.");
    expect(res.cookie).toBeUndefined();
    // The first account's password is untouched.
    expect((await call("POST", "/api/login", { json: { email, password: PASSWORD } })).status).toBe(200);
    expect((await call("POST", "/api/login", { json: { email, password: "another-pass" } })).status).toBe(401);
  });

  it("accepts the registration as URL-encoded form data", async () => {
    const email = uniqueEmail("form");
    const code = await sendCode(email);
    const form = new URLSearchParams({ ...registration(email, { confirmationCode: code }), agreeToTerms: "on" } as Record<string, string>);
    const res = await call("POST", "/api/register", { body: form.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(email);
  });

  it("accepts the registration as multipart form data, and an unchecked terms box is refused", async () => {
    const email = uniqueEmail("multipart");
    const code = await sendCode(email);
    const fields = { ...registration(email, { confirmationCode: code }), agreeToTerms: "true" } as Record<string, string>;
    const unchecked = new FormData();
    for (const [k, v] of Object.entries(fields)) if (k !== "agreeToTerms") unchecked.set(k, v);
    const refused = await call("POST", "/api/register", { body: unchecked });
    expect([refused.status, refused.body.message]).toEqual([400, "You must agree to the terms and conditions"]);
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const res = await call("POST", "/api/register", { body: form });
    expect(res.status).toBe(200);
    expect(res.body.timezone).toBe("Europe/London");
  });

  it("refuses a body type it cannot read (415)", async () => {
    const res = await call("POST", "/api/register", { body: "<xml/>", headers: { "content-type": "application/xml" } });
    expect(res.status).toBe(415);
  });
});

describe("referrals", () => {
  it("credits the referrer 500 points once, with a ledger entry", async () => {
    const referrer = await registerUser();
    const { body: code } = await call("GET", "/api/user/referral-code", { cookie: referrer.cookie });
    expect(code.referralCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    const friend = await registerUser({ referralCode: code.referralCode.toLowerCase() });
    expect(friend.user.points).toBe(500);
    expect((await call("GET", "/api/points/balance", { cookie: referrer.cookie })).body).toEqual({ balance: 1000 });
    const ledger = await call("GET", "/api/points/ledger", { cookie: referrer.cookie });
    expect(ledger.body.records[0]).toMatchObject({ delta: 500, reason: "referral", referenceId: friend.user.id });
    // A second friend pays out again; the same friend never twice (idempotency item).
    await registerUser({ referralCode: code.referralCode });
    expect((await call("GET", "/api/user/points", { cookie: referrer.cookie })).body).toBe(1500);
    const { data: claim } = await db.entities.unique.get({ kind: "idempotency", value: `referral:${friend.user.id}` }).go();
    expect(claim?.ownerId).toBe(referrer.user.id);
  });

  it("ignores an unknown referral code", async () => {
    const friend = await registerUser({ referralCode: "ZZZZZZZZ" });
    expect(friend.user.points).toBe(500);
  });

  it("never credits an account's own code (re-registering the same e-mail)", async () => {
    const self = await registerUser();
    const { body } = await call("GET", "/api/user/referral-code", { cookie: self.cookie });
    const code = await sendCode(self.email);
    const res = await call("POST", "/api/register", { json: registration(self.email, { confirmationCode: code, referralCode: body.referralCode }) });
    expect(res.status).toBe(409);
    expect((await call("GET", "/api/points/balance", { cookie: self.cookie })).body.balance).toBe(500);
  });
});
