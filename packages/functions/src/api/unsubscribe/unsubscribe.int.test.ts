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
