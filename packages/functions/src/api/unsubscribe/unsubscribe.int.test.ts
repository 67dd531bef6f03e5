import { db } from "@storyboard/core/dynamo/service";
import { createTestUser } from "@storyboard/local/test/fixtures";

const post = (body: unknown) =>
  fetch(new URL("/api/unsubscribe", process.env.API_URL), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("POST /api/unsubscribe", () => {
  it("turns one setting off by token, without a session, and names the e-mail", async () => {
    const user = await createTestUser();
    const { data } = await db.entities.user.get({ userId: user.userId }).go();
    const res = await post({ token: data!.unsubscribeToken, setting: "weeklyDigest" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "You have been unsubscribed from Weekly Digest.", email: user.email });
    const { data: after } = await db.entities.user.get({ userId: user.userId }).go();
    expect(after!.notificationPreferences).toMatchObject({ weeklyDigest: false, renderComplete: true });
  });

  it("refuses missing parameters with the spec's message, and a forged token", async () => {
    const user = await createTestUser();
    const missing = await post({ setting: "weeklyDigest" });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe("Invalid unsubscribe link. Missing required parameters.");
    const forged = await post({ token: `${user.userId}.not-the-secret`, setting: "weeklyDigest" });
    expect(forged.status).toBe(400);
  });
});

describe("POST /api/unsubscribe/one-click (RFC 8058)", () => {
  const oneClick = (query: Record<string, string>, body: string, contentType = "application/x-www-form-urlencoded") =>
    fetch(new URL(`/api/unsubscribe/one-click?${new URLSearchParams(query)}`, process.env.API_URL), {
      method: "POST",
      headers: { "content-type": contentType },
      body,
    });

  it("a mail client's POST switches the setting off, with no session and no Origin, as Settings then shows it", async () => {
    const user = await createTestUser();
    const { data } = await db.entities.user.get({ userId: user.userId }).go();
    const res = await oneClick({ token: data!.unsubscribeToken, setting: "renderNotifications" }, "List-Unsubscribe=One-Click");
    expect(res.status).toBe(200);
    const settings = (await (await user.call("/api/user/settings")).json()) as { notificationPreferences: Record<string, boolean> };
    expect(settings.notificationPreferences).toMatchObject({ renderNotifications: false, emailNotifications: true });
  });

  it("takes the multipart form too, and refuses a body that is not a one-click request or a forged token", async () => {
    const user = await createTestUser();
    const { data } = await db.entities.user.get({ userId: user.userId }).go();
    const token = data!.unsubscribeToken;
    const bare = await oneClick({ token, setting: "weeklyDigest" }, "");
    expect(bare.status).toBe(400);
    expect((await bare.json()).message).toContain("List-Unsubscribe=One-Click");
    expect((await oneClick({ token: `${user.userId}.forged`, setting: "weeklyDigest" }, "List-Unsubscribe=One-Click")).status).toBe(400);
    expect((await db.entities.user.get({ userId: user.userId }).go()).data!.notificationPreferences).toMatchObject({ weeklyDigest: true });
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const multipart = await fetch(new URL(`/api/unsubscribe/one-click?${new URLSearchParams({ token, setting: "weeklyDigest" })}`, process.env.API_URL), {
      method: "POST",
      body: form,
    });
    expect(multipart.status).toBe(200);
    expect((await db.entities.user.get({ userId: user.userId }).go()).data!.notificationPreferences).toMatchObject({ weeklyDigest: false });
  });
});
