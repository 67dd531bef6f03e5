/**
 * Text a person writes is placed in HTML, e-mail headers and JSON. Every
 * user-writable text field gets the strings that broke placement before
 * (String.replace patterns, tag and attribute break-outs, header injection,
 * bidi overrides), and every place it reaches shows it as text
 * (docs/decisions.md#text-placement).
 */
import { db } from "@storyboard/core/dynamo/service";
import { escapeHtml } from "@storyboard/core/html";
import { sharePageHtml } from "@storyboard/core/showcase/share";
import { createTestUser, forgetAddressLimit } from "@storyboard/local/test/fixtures";
import { anonymous, json, promotedEntry } from "./test-support";

const HOSTILE = ["$`", "$'", "$&", "</script>", '"><img src=x onerror=alert(1)>', "Bob\r\nBcc: victim@example.com", "\u202Eevil\u200F"];
const ALL = HOSTILE.join(" ");
/** What the schemas keep of ALL: line breaks become spaces, the override goes, the RTL mark stays. */
const KEPT = ALL.replace(/\r\n/g, " ").replace(/\u202E/g, "");

const shell = [
  "<!doctype html><html><head>",
  '<meta charset="UTF-8" />',
  '<meta name="description" content="generic" />',
  "<title>Storyboard</title>",
  '<script type="module" src="/assets/index.js"></script>',
  "</head><body><div id=\"root\"></div></body></html>",
].join("\n");

const count = (text: string, part: string) => text.split(part).length - 1;

async function mailsTo(email: string) {
  const res = await fetch(`${process.env.SES_URL}/store`);
  const { emails } = (await res.json()) as { emails: { destination: { to: string[] }; subject: string; body: { text?: string; html?: string } }[] };
  return emails.filter((m) => m.destination.to.includes(email));
}

describe("hostile text in every user-writable field", () => {
  it("is stored without control characters, shown as text on the share page, and never breaks out of a tag", async () => {
    const { entry } = await promotedEntry({ title: HOSTILE.slice(0, 5).join(" "), logline: ALL, displayName: "$' $` \r\n\u202Ex" });
    expect(entry.title).toBe(HOSTILE.slice(0, 5).join(" "));
    expect(entry.logline).toBe(KEPT);
    expect(entry.displayName).toBe("$' $`  x");

    const html = await sharePageHtml(entry.id, shell);
    expect(count(html, "<head>")).toBe(1);
    expect(count(html, "</head>")).toBe(1);
    expect(count(html, "</script>")).toBe(1);
    expect(html).not.toContain("<img");
    expect(html).toContain(`<meta property="og:description" content="${escapeHtml(KEPT)}" />`);
    expect(html).toContain(`<title>${escapeHtml(entry.title)} · Storyboard</title>`);
    // The rest of the shell is kept as it was, once.
    expect(count(html, '<div id="root"></div>')).toBe(1);
    expect(count(html, "<!doctype html>")).toBe(1);
  });

  it("reaches the explorer and the detail answers as the same text", async () => {
    const token = `lamp${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const { entry } = await promotedEntry({ title: `${token} ${HOSTILE[4]}`, logline: ALL });
    const single = await (await anonymous(`/api/showcase/single/${entry.id}`)).json();
    expect(single).toMatchObject({ title: `${token} ${HOSTILE[4]}`, logline: KEPT });
    const search = await (await anonymous(`/api/showcase/search?search=${token}&limit=48`)).json();
    expect(search.entries.map((e: { id: string; logline: string }) => [e.id, e.logline])).toEqual([[entry.id, KEPT]]);
  });

  it("keeps CR/LF out of e-mail headers: a name set in Settings and one already stored", async () => {
    await forgetAddressLimit("contact");
    const { user: creator, entry } = await promotedEntry({ title: "Harbour $& Lights" });
    const sender = await createTestUser();
    const put = await sender.call("/api/user/settings", {
      method: "PUT",
      headers: json,
      body: JSON.stringify({ email: sender.email, fullName: `Bob\r\nBcc: victim@example.com ${HOSTILE[4]} \u202E`, timezone: "UTC" }),
    });
    expect(put.status).toBe(200);
    expect((await put.json()).fullName).toBe(`Bob Bcc: victim@example.com ${HOSTILE[4]}`);

    const contact = (message: string) =>
      sender.call("/api/contact-requests", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ creatorId: creator.userId, showcaseEntryId: entry.id, reason: "producing", message }),
      });
    expect((await contact(`Hello ${ALL}`)).status).toBe(200);
    // A name written before the schemas stripped controls still cannot add a header.
    await db.entities.user.patch({ userId: sender.userId }).set({ fullName: "Eve\r\nBcc: victim@example.com" }).go();
    expect((await contact("Again")).status).toBe(200);

    const mails = await mailsTo(creator.email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.body.html).not.toContain("<img");
      expect(mail.body.html).not.toContain("</script>");
    }
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [`Bob Bcc: victim@example.com ${HOSTILE[4]} contacted you about "Harbour $& Lights"`, 'Eve Bcc: victim@example.com contacted you about "Harbour $& Lights"'].sort(),
    );
  });
});
