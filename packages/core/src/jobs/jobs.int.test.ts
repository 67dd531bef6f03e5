import { randomUUID } from "node:crypto";
import { listKeys, putObject } from "../blob/s3";
import { renderKeys } from "../blob/keys";
import { config } from "../config";
import { db } from "../dynamo/service";
import { createTestUser } from "@storyboard/local/test/fixtures";
import { expireHostedRenders } from "./hosting-expiry";
import { digestWeek, sendWeeklyDigests } from "./weekly-digest";

const DAY = 24 * 3600 * 1000;

async function completedRender(userId: string, completedAt: string) {
  const renderJobId = randomUUID();
  await db.entities.renderJob
    .create({
      renderJobId,
      userId,
      screenplayId: randomUUID(),
      title: "Old render",
      style: "noir",
      status: "complete",
      completedAt,
      hostingState: "hosted",
      outputFilePath: `${renderKeys.folder(userId, renderJobId)}video.mp4`,
    })
    .go();
  await putObject(config.mediaBucket, `${renderKeys.folder(userId, renderJobId)}video.mp4`, "mp4", "video/mp4");
  return renderJobId;
}

describe("hosting expiry", () => {
  it("removes the files of a non-subscriber's render after a year and keeps a subscriber's", async () => {
    const now = Date.now() + 3650 * DAY; // far enough ahead that other tests' renders are not involved
    const free = await createTestUser();
    const subscriber = await createTestUser();
    await db.entities.userSubscription
      .create({ userId: subscriber.userId, subscriptionId: `sub_${randomUUID()}`, priceId: "price_pro", status: "active" })
      .go();
    const old = await completedRender(free.userId, new Date(now - 400 * DAY).toISOString());
    const recent = await completedRender(free.userId, new Date(now - 100 * DAY).toISOString());
    const kept = await completedRender(subscriber.userId, new Date(now - 400 * DAY).toISOString());

    await expireHostedRenders(now);
    expect(await listKeys(config.mediaBucket, renderKeys.folder(free.userId, old))).toEqual([]);
    expect(await listKeys(config.mediaBucket, renderKeys.folder(free.userId, recent))).toHaveLength(1);
    expect(await listKeys(config.mediaBucket, renderKeys.folder(subscriber.userId, kept))).toHaveLength(1);
    const { data: job } = await db.entities.renderJob.get({ renderJobId: old }).go();
    expect(job!.hostingExpiredAt).toBeTruthy();
    expect(job!.outputFilePath).toBeUndefined();
  });
});

describe("weekly digest", () => {
  const mailsTo = async (email: string) => {
    const store = (await (await fetch(`${process.env.SES_URL}/store`)).json()) as {
      emails: { destination: { to: string[] }; subject: string }[];
    };
    return store.emails.filter((m) => m.destination.to.includes(email));
  };

  it("mails users with activity who keep it on, and nobody else", async () => {
    const active = await createTestUser();
    const optedOut = await createTestUser();
    const quiet = await createTestUser();
    await completedRender(active.userId, new Date().toISOString());
    await completedRender(optedOut.userId, new Date().toISOString());
    const { data: u } = await db.entities.user.get({ userId: optedOut.userId }).go();
    await db.entities.user
      .patch({ userId: optedOut.userId })
      .set({ notificationPreferences: { ...u!.notificationPreferences, weeklyDigest: false } })
      .go();

    await sendWeeklyDigests();
    const mails = await mailsTo(active.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Your week on Storyboard: 1 render finished");
    expect(await mailsTo(optedOut.email)).toEqual([]);
    expect(await mailsTo(quiet.email)).toEqual([]);
  });

  it("marks each user sent for the week first, so a retried run mails nobody twice", async () => {
    const user = await createTestUser();
    await completedRender(user.userId, new Date().toISOString());
    const first = await sendWeeklyDigests();
    expect(first.sent).toBeGreaterThanOrEqual(1);
    // Lambda retries a run that timed out: the same week, later on.
    const retry = await sendWeeklyDigests(Date.now() + 15 * 60 * 1000);
    expect(retry.alreadySent).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(user.email)).toHaveLength(1);
    const { data: marker } = await db.entities.unique.get({ kind: "weeklyDigest", value: `${digestWeek(Date.now())}#${user.userId}` }).go();
    expect(marker?.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it("names a week by its Monday (UTC)", () => {
    expect(digestWeek(Date.parse("2026-11-23T09:00:00Z"))).toBe("2026-11-23");
    expect(digestWeek(Date.parse("2026-11-29T23:59:00Z"))).toBe("2026-11-23");
    expect(digestWeek(Date.parse("2026-11-30T00:00:00Z"))).toBe("2026-11-30");
  });
});
