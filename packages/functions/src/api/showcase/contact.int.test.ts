import { randomUUID } from "node:crypto";
import { db } from "@storyboard/core/dynamo/service";
import { sharePageHtml } from "@storyboard/core/showcase/share";
import { createTestUser, forgetAddressLimit, type TestUser } from "@storyboard/local/test/fixtures";
import { admin, anonymous, json, promotedEntry } from "./test-support";

interface StoredMail {
  from: string;
  headers?: { name: string; value: string }[];
  replyTo?: string[];
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

async function mailsTo(email: string): Promise<StoredMail[]> {
  const { emails } = (await (await fetch(`${process.env.SES_URL}/store`)).json()) as { emails: StoredMail[] };
  return emails.filter((m) => m.destination.to.includes(email));
}

const contact = (who: TestUser, body: Record<string, unknown>) =>
  who.call("/api/contact-requests", { method: "POST", headers: json, body: JSON.stringify(body) });

/** Every answer the sender saw, as text, to prove the creator's address is in none. */
const seen: string[] = [];
async function read(res: Response) {
  const text = await res.text();
  seen.push(text);
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe("POST /api/contact-requests", () => {
  beforeEach(() => forgetAddressLimit("contact"));
  it("stores the request and mails the creator from our sender with Reply-To the sender", async () => {
    const { user: creator, entry } = await promotedEntry({ title: "Harbour Lights" });
    const sender = await createTestUser();
    await db.entities.user.patch({ userId: sender.userId }).set({ fullName: "Rosa Diaz" }).go();

    seen.length = 0;
    await read(await sender.call(`/api/showcase/single/${entry.id}`));
    await read(await sender.call(`/api/showcase/by-user/${creator.userId}`));
    await read(await anonymous(`/api/showcase/search?search=Harbour%20Lights&limit=48`));
    await read(await anonymous("/api/featured-showcase?limit=50"));
    const sent = await read(
      await contact(sender, {
        creatorId: creator.userId,
        showcaseEntryId: entry.id,
        reason: "producing",
        message: "I'd love to option this.",
      }),
    );
    expect(sent).toEqual({ status: 200, body: { message: "Your message was sent to the creator." } });
    for (const text of seen) expect(text).not.toContain(creator.email);

    const [mail] = await mailsTo(creator.email);
    expect(mail.from).toContain("Storyboard");
    expect(mail.replyTo).toEqual([sender.email]);
    expect(mail.subject).toBe('Rosa Diaz contacted you about "Harbour Lights"');
    expect(mail.body.text).toContain("Reason: Interested in producing or optioning");
    expect(mail.body.text).toContain("Message: I'd love to option this.");
    expect(mail.body.text).toContain(`/showcase/${entry.id}`);

    const { data } = await db.entities.contactRequest.query.byCreator({ creatorId: creator.userId }).go();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      userId: sender.userId,
      showcaseEntryId: entry.id,
      senderEmail: sender.email,
      senderName: "Rosa Diaz",
      reason: "producing",
    });
  });

  it("carries a one-click unsubscribe; a creator who used it is not written to again", async () => {
    const { user: creator, entry } = await promotedEntry({ title: "Quiet Harbour" });
    const sender = await createTestUser();
    const body = { creatorId: creator.userId, showcaseEntryId: entry.id, reason: "producing" };
    expect((await contact(sender, body)).status).toBe(200);
    const [mail] = await mailsTo(creator.email);
    const header = (name: string) => mail!.headers?.find((h) => h.name === name)?.value;
    expect(header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(mail!.body.text).toContain("/unsubscribe?token=");
    const target = new URL(header("List-Unsubscribe")!.slice(1, -1));
    expect(target.searchParams.get("setting")).toBe("emailNotifications");
    const unsubscribed = await fetch(new URL(target.pathname + target.search, process.env.API_URL), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(unsubscribed.status).toBe(200);
    const again = await contact(sender, body);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("This creator does not take messages at the moment.");
    expect(await mailsTo(creator.email)).toHaveLength(1);
  });

  it("refuses oneself, bad input, the anonymous, and hidden or unknown entries", async () => {
    const { user: creator, entry } = await promotedEntry();
    expect((await contact(creator, { creatorId: creator.userId, showcaseEntryId: entry.id, reason: "feedback" })).status).toBe(400);
    const sender = await createTestUser();
    const noReason = await contact(sender, { creatorId: creator.userId, showcaseEntryId: entry.id });
    expect((await noReason.json()).message).toBe("Please select a reason");
    const unknownReason = await contact(sender, { creatorId: creator.userId, showcaseEntryId: entry.id, reason: "money" });
    expect((await unknownReason.json()).message).toBe("Please select a reason");
    const long = await contact(sender, {
      creatorId: creator.userId,
      showcaseEntryId: entry.id,
      reason: "other",
      message: "x".repeat(1001),
    });
    expect(long.status).toBe(400);
    expect(
      (
        await anonymous("/api/contact-requests", {
          method: "POST",
          headers: json,
          body: JSON.stringify({ creatorId: creator.userId, reason: "other" }),
        })
      ).status,
    ).toBe(401);
    expect((await contact(sender, { creatorId: randomUUID(), reason: "other" })).status).toBe(404);
    // A user without showcase entries cannot be reached by id.
    const nobody = await createTestUser();
    expect((await contact(sender, { creatorId: nobody.userId, reason: "other" })).status).toBe(404);
    const other = await promotedEntry();
    expect((await contact(sender, { creatorId: creator.userId, showcaseEntryId: other.entry.id, reason: "other" })).status).toBe(400);
    expect(await mailsTo(creator.email)).toEqual([]);
  });

  it("limits each sender to five requests an hour with a 429 a person understands", async () => {
    const { user: creator, entry } = await promotedEntry();
    const sender = await createTestUser();
    for (let i = 0; i < 5; i++) {
      expect(
        (await contact(sender, { creatorId: creator.userId, showcaseEntryId: entry.id, reason: "feedback", message: `note ${i}` })).status,
      ).toBe(200);
    }
    const limited = await contact(sender, { creatorId: creator.userId, showcaseEntryId: entry.id, reason: "feedback" });
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toMatch(
      /^You have sent several contact requests in a short time\. Please wait \d+ (minutes?|seconds?) and try again\.$/,
    );
    expect(await mailsTo(creator.email)).toHaveLength(5);
    // Another sender is not affected.
    const second = await createTestUser();
    expect((await contact(second, { creatorId: creator.userId, showcaseEntryId: entry.id, reason: "hiring" })).status).toBe(200);
  });
});

describe("reports", () => {
  it("lets a viewer report an entry and an admin unpublish it from the list", async () => {
    const { user: owner, entry } = await promotedEntry({ title: "Reported one" });
    const viewer = await createTestUser();
    const report = (who: TestUser, body: Record<string, unknown>) =>
      who.call(`/api/showcase/${entry.id}/report`, { method: "POST", headers: json, body: JSON.stringify(body) });
    expect((await report(owner, { reason: "spam" })).status).toBe(400);
    expect((await (await report(viewer, { reason: "nope" })).json()).message).toBe("Please select a reason");
    expect((await report(viewer, { reason: "copyright", message: "This is my script." })).status).toBe(200);
    expect(
      (await anonymous(`/api/showcase/${entry.id}/report`, { method: "POST", headers: json, body: JSON.stringify({ reason: "spam" }) }))
        .status,
    ).toBe(401);

    expect((await viewer.call("/api/admin/showcase-reports")).status).toBe(403);
    const boss = await admin();
    const list = await (await boss.call("/api/admin/showcase-reports")).json();
    const mine = list.find((r: { showcaseEntryId: string }) => r.showcaseEntryId === entry.id);
    expect(mine).toMatchObject({
      reason: "copyright",
      reasonLabel: "It uses someone else's work",
      message: "This is my script.",
      entry: { title: "Reported one", isPublic: true },
    });
    expect((await viewer.call(`/api/admin/showcase-reports/${mine.id}/unpublish`, { method: "POST" })).status).toBe(403);
    const done = await boss.call(`/api/admin/showcase-reports/${mine.id}/unpublish`, { method: "POST" });
    expect(done.status).toBe(200);
    expect((await anonymous(`/api/showcase/single/${entry.id}`)).status).toBe(404);
    const after = await (await boss.call("/api/admin/showcase-reports")).json();
    expect(after.find((r: { id: string }) => r.id === mine.id)).toBeUndefined();
    expect((await boss.call(`/api/admin/showcase-reports/${mine.id}/explode`, { method: "POST" })).status).toBe(404);
  });
});

describe("the share page", () => {
  const shell =
    '<!doctype html><html><head><meta charset="UTF-8" />\n<meta name="description" content="generic" />\n<title>Storyboard</title></head><body><div id="root"></div></body></html>';

  it("puts Open Graph and Twitter player tags of a public entry in the app's HTML", async () => {
    const { entry } = await promotedEntry({ title: 'Fog & "Friends"', logline: "Two <keepers> and a storm." });
    const html = await sharePageHtml(entry.id, shell);
    const meta = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];
    const base = process.env.APP_URL!.replace(/\/$/, "");
    expect(html).toContain("<title>Fog &amp; &quot;Friends&quot; · Storyboard</title>");
    expect(html).not.toContain('content="generic"');
    expect(meta("og:title")).toBe("Fog &amp; &quot;Friends&quot; · Storyboard");
    expect(meta("og:description")).toBe("Two &lt;keepers&gt; and a storm.");
    expect(meta("og:type")).toBe("video.other");
    expect(meta("og:url")).toBe(`${base}/showcase/${entry.id}`);
    expect(meta("og:image")).toBe(`${base}/api/media/${entry.posterUrl}`);
    expect(meta("og:video")).toBe(`${base}/embed/${entry.id}`);
    expect(meta("og:video:type")).toBe("text/html");
    expect([meta("og:video:width"), meta("og:video:height")]).toEqual(["1280", "720"]);
    expect(meta("twitter:card")).toBe("player");
    expect(meta("twitter:player")).toBe(`${base}/embed/${entry.id}`);
    expect(meta("twitter:player:stream")).toBe(`${base}/api/media/${entry.videoUrl}`);
    expect(html).toContain('<div id="root"></div>');
  });

  it("leaves the app's HTML alone for a hidden or unknown entry", async () => {
    const { user, entry } = await promotedEntry();
    await user.call(`/api/showcase/${entry.id}`, {
      method: "PUT",
      headers: json,
      body: JSON.stringify({ title: "x", genre: "Drama", displayName: "y", isPublic: false }),
    });
    expect(await sharePageHtml(entry.id, shell)).toBe(shell);
    expect(await sharePageHtml("no-such-entry", shell)).toBe(shell);
  });
});
