import { randomUUID } from "node:crypto";
import { withActor } from "../actor";
import { createAccount } from "../user/account";
import { updateNotificationPreferences } from "../user/settings";
import { getUser } from "../user/user";
import { notifyRender } from "./notify";
import { unsubscribe } from "./unsubscribe";

const newUser = () => createAccount({ email: `notify-${randomUUID().slice(0, 12)}@example.com`, timezone: "UTC", identityId: randomUUID() });

async function mailsTo(email: string) {
  const { emails } = (await (await fetch(`${process.env.SES_URL}/store`)).json()) as { emails: { destination: { to: string[] }; subject: string; body: { text: string } }[] };
  return emails.filter((m) => m.destination.to.includes(email));
}

describe("render notifications", () => {
  it("mails when preferences allow it, and not when the user turned it off", async () => {
    const user = await newUser();
    const render = { id: randomUUID(), title: "Pilot" };
    expect(await notifyRender(user, "renderComplete", render)).toBe(true);
    const asUser = { type: "user" as const, userId: user.userId, roles: [], sessionId: "test" };
    await withActor(asUser, () => updateNotificationPreferences({ renderComplete: false }));
    expect(await notifyRender(await getUser(user.userId), "renderComplete", render)).toBe(false);
    expect(await notifyRender(await getUser(user.userId), "renderFailure", render, { refundedPoints: 100 })).toBe(true);
    const mails = await mailsTo(user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your render "Pilot" is ready', 'Your render "Pilot" failed']);
    expect(mails[1]!.body.text).toContain(`token=${encodeURIComponent(user.unsubscribeToken)}`);
  });
});

describe("unsubscribe by token", () => {
  it("turns the setting off and answers the e-mail", async () => {
    const user = await newUser();
    const res = await unsubscribe(user.unsubscribeToken, "renderNotifications");
    expect(res).toEqual({ message: "You have been unsubscribed from Render Notifications.", email: user.email });
    const after = await getUser(user.userId);
    expect(after.notificationPreferences).toMatchObject({ renderNotifications: false, emailNotifications: true });
    expect(await notifyRender(after, "renderStarted", { id: "r", title: "T" })).toBe(false);
  });

  it("refuses a wrong token and an unknown setting", async () => {
    const user = await newUser();
    await expect(unsubscribe(`${user.userId}.wrong`, "weeklyDigest")).rejects.toMatchObject({ status: 400 });
    await expect(unsubscribe("nobody.secret", "weeklyDigest")).rejects.toMatchObject({ status: 400 });
    await expect(unsubscribe(user.unsubscribeToken, "everything")).rejects.toMatchObject({ status: 400 });
    expect((await getUser(user.userId)).notificationPreferences).toMatchObject({ weeklyDigest: true });
  });
});
