import { config } from "@storyboard/core/config";
import { call, latestCode, mailsTo, PASSWORD, registerUser, uniqueEmail } from "../auth/test-support";

const requestCode = (cookie: string, json: unknown) => call("POST", "/api/user/email-change/code", { cookie, json });
const confirm = (cookie: string, json: unknown) => call("POST", "/api/user/email-change", { cookie, json });
const login = (email: string) => call("POST", "/api/login", { json: { email, password: PASSWORD } });

describe("e-mail change", () => {
  it("needs the current password and the code sent to the new address; other sessions end; the old address is told", async () => {
    const { cookie, email } = await registerUser();
    const other = (await login(email)).cookie!;
    const next = uniqueEmail("next");
    const sent = await requestCode(cookie, { email: next, currentPassword: PASSWORD });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(`We sent a 6-digit code to ${next}. Enter it to confirm your new e-mail address.`);
    const code = await latestCode(next);
    expect((await confirm(cookie, { email: next, confirmationCode: code === "000000" ? "111111" : "000000" })).status).toBe(400);
    const done = await confirm(cookie, { email: next, confirmationCode: code });
    expect([done.status, done.body.email]).toEqual([200, next]);

    expect((await login(next)).status).toBe(200);
    expect((await login(email)).status).toBe(401);
    const notice = (await mailsTo(email)).at(-1)!;
    expect(notice.subject).toMatch(/e-mail address was changed/);
    // It says 'reply to this e-mail': replies reach support, not the no-reply sender.
    expect(notice.replyTo).toEqual([config.supportEmail]);
    expect((await call("GET", "/api/user", { cookie })).body.email).toBe(next);
    expect((await call("GET", "/api/user/settings", { cookie: other })).status).toBe(401);
    // The code is used up.
    expect((await confirm(cookie, { email: next, confirmationCode: code })).status).toBe(400);
  });

  it("refuses a wrong current password, counted like a sign-in, and sends nothing", async () => {
    const { cookie } = await registerUser();
    const next = uniqueEmail("next");
    const res = await requestCode(cookie, { email: next, currentPassword: "not-my-password" });
    expect([res.status, res.body.message]).toEqual([400, "Current password is incorrect."]);
    expect(await mailsTo(next)).toEqual([]);
    const missing = await requestCode(cookie, { email: next });
    expect([missing.status, missing.body.message]).toEqual([400, "Current password is required"]);
  });

  it("answers alike whether or not another account holds the address, and sends that address nothing", async () => {
    const a = await registerUser();
    const b = await registerUser();
    const mailsBefore = (await mailsTo(b.email)).length;
    const taken = await requestCode(a.cookie, { email: b.email, currentPassword: PASSWORD });
    const free = uniqueEmail("free");
    const untaken = await requestCode(a.cookie, { email: free, currentPassword: PASSWORD });
    expect([taken.status, taken.body]).toEqual([200, { message: untaken.body.message.replace(free, b.email), email: b.email }]);
    expect(untaken.status).toBe(200);
    expect(await mailsTo(b.email)).toHaveLength(mailsBefore);
    expect(await mailsTo(free)).toHaveLength(1);
    // No code reached anyone, so no guess moves the address; the account keeps its own.
    expect((await confirm(a.cookie, { email: b.email, confirmationCode: "123456" })).status).toBe(400);
    expect((await call("GET", "/api/user", { cookie: a.cookie })).body.email).toBe(a.email);
  });

  it("a code another account obtained for the same address does not change this one", async () => {
    const victim = await registerUser();
    const attacker = await registerUser();
    const target = uniqueEmail("target");
    // The attacker proves their OWN password and reads the code at an inbox they control...
    expect((await requestCode(attacker.cookie, { email: target, currentPassword: PASSWORD })).status).toBe(200);
    const code = await latestCode(target);
    // ...then tries it with the victim's (stolen) session, which never passed the password step.
    const res = await confirm(victim.cookie, { email: target, confirmationCode: code });
    expect(res.status).toBe(400);
    expect((await call("GET", "/api/user", { cookie: victim.cookie })).body.email).toBe(victim.email);
  });

  it("needs a signed-in session", async () => {
    expect((await requestCode("", { email: uniqueEmail(), currentPassword: PASSWORD })).status).toBe(401);
    expect((await confirm("", { email: uniqueEmail(), confirmationCode: "123456" })).status).toBe(401);
  });
});
