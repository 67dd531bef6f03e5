import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { strFromU8, unzipSync } from "fflate";
import type { Browser, Page } from "playwright-core";
import type { TestUser } from "../packages/local/src/test/fixtures";
import { appUrl, launchBrowser } from "./browser";
import { playBriefly, screenshots as shot, signedInContext } from "./support";

/** An action line longer than the two caption lines a shot holds (issue 23 item 6). */
const LONG_LINE =
  "Static, then a voice: the causeway floods at eleven and the last ferry has gone. Every truck still on the flats should turn back now.";

/** A two-scene screenplay written here (tests never read the shared corpus). */
const SCREENPLAY = `Title: The Salt Road
Author: E2E

EXT. SALT FLATS - DAWN

A lone truck crawls across the white flats. MARGO (40s) grips the wheel.

MARGO
We make the coast by noon, or we don't make it.

INT. TRUCK CAB - CONTINUOUS

The radio hisses. Margo taps it twice.

${LONG_LINE}

MARGO
Come on. Talk to me.
`;

/** A finished render with a video, made through the API with both review pauses off. */
async function finishedRender(user: TestUser) {
  const form = new FormData();
  form.set("title", "The Salt Road");
  form.set("file", new Blob([SCREENPLAY]), "salt-road.fountain");
  const { id: screenplayId } = await (await user.call("/api/screenplays", { method: "POST", body: form })).json();
  for (let i = 0; ; i++) {
    const s = await (await user.call(`/api/screenplays/${screenplayId}`)).json();
    if (s.status === "ready") break;
    if (s.status === "failed" || i > 100) throw new Error(`The screenplay did not parse: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const created = await user.call("/api/renders", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      screenplayId,
      title: "The Salt Road Render",
      style: "noir",
      characterVoices: {},
      previewDescriptionsBeforeFirstImages: false,
      previewImagesBeforeFirstRender: false,
    }),
  });
  const { id } = await created.json();
  for (let i = 0; i < 300; i++) {
    const render = await (await user.call(`/api/renders/${id}`)).json();
    if (render.status === "complete" && render.outputFilePath) return id as string;
    if (render.status === "failed") throw new Error(`The render failed: ${render.failureReason}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("The render did not finish in time");
}

/** The render's captions (captions.srt of its project zip) and its shots (edit-list.json), in milliseconds. */
async function captionsAndShots(user: TestUser, renderId: string) {
  const { projectZipPath } = await (await user.call(`/api/renders/${renderId}`)).json();
  // A stored path is a key under the media prefix, which answers its owner (docs/decisions.md#private-media).
  const { AWS_S3_URL_PREFIX: prefix } = await (await user.call("/api/env")).json();
  const address = /^https?:\/\//.test(projectZipPath)
    ? projectZipPath
    : `${prefix.replace(/\/$/, "")}/${projectZipPath.replace(/^\//, "")}`;
  const download = await user.call(new URL(address, process.env.APP_URL).toString());
  if (!download.ok) throw new Error(`The project zip did not download: ${download.status}`);
  const zip = unzipSync(new Uint8Array(await download.arrayBuffer()));
  const ms = (stamp: string) => {
    const [h, m, s] = stamp.replace(",", ".").split(":").map(Number);
    return Math.round(((h * 60 + m) * 60 + s) * 1000);
  };
  const cues = strFromU8(zip["captions.srt"])
    .trim()
    .split(/\n\s*\n/)
    .map((cue) => {
      const [, times, ...text] = cue.split("\n");
      const [start, end] = times.split(" --> ").map(ms);
      return { start, end, text: text.join(" ") };
    });
  const { clips } = JSON.parse(strFromU8(zip["edit-list.json"])) as { clips: { startMs: number; durationMs: number }[] };
  return { cues, shots: clips.map((c) => ({ start: c.startMs, end: c.startMs + c.durationMs })) };
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the showcase in a real browser", () => {
  it("promotes a render, finds and plays it anonymously, features it on the landing page, and mails the creator", async () => {
    const title = `The Salt Road ${Date.now().toString(36)}`;

    // A features user promotes a finished render from its page.
    const creator = await signedInContext(browser, { roles: ["features"], points: 1000 });
    const renderId = await finishedRender(creator.user);
    // Issue 23 item 6: no caption is cut with '…'; the long line is split into parts shown one after another
    // within its own shot, each at most two caption lines (docs/decisions.md#captions).
    const { cues, shots } = await captionsAndShots(creator.user, renderId);
    expect(cues.filter((c) => c.text.endsWith("…"))).toEqual([]);
    const parts = cues.filter((c) => LONG_LINE.includes(c.text));
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map((c) => c.text).join(" ")).toBe(LONG_LINE);
    const longShot = shots.find((s) => s.start <= parts[0].start && parts[0].start < s.end)!;
    parts.forEach((part, i) => {
      expect(part.text.length).toBeLessThanOrEqual(2 * 62);
      expect(part.start).toBe(i ? parts[i - 1].end : longShot.start);
      expect(part.end).toBeGreaterThan(part.start);
      expect(part.end).toBeLessThanOrEqual(longShot.end);
    });
    await creator.page.goto(appUrl(`/renders/${renderId}`));
    const card = creator.page.getByRole("button", { name: "Promote to Showcase" });
    await card.waitFor({ timeout: 30_000 });
    await creator.page.getByLabel("Title").fill(title);
    await creator.page.getByLabel("Logline").fill("A driver races the tide across a salt flat.");
    await creator.page.getByLabel("Display name").fill("Margo Reyes");
    await card.click();
    expect(await creator.page.getByText("Genre is required").first().isVisible()).toBe(true);
    await chooseOption(creator.page, "Genre", "Thriller");
    await creator.page.getByLabel("Crime Thriller").check();
    await creator.page.locator("summary", { hasText: "Tone & Mood" }).click();
    await creator.page.getByLabel("Suspenseful").check();
    await creator.page.getByRole("radio", { name: "Image 1" }).click();
    await shot(creator.page, "promotion-form");
    await card.click();
    await creator.page.getByText("Promoted to Showcase").first().waitFor();
    const view = creator.page.getByRole("link", { name: "View in Showcase" });
    await view.waitFor();
    const entryId = (await view.getAttribute("href"))!.split("/").pop()!;
    if (process.env.E2E_SCREENSHOTS) {
      await creator.page.goto(appUrl(`/showcase/${entryId}`));
      await creator.page.getByRole("button", { name: "Edit Showcase" }).waitFor();
      await shot(creator.page, "detail-owner");
      await creator.page.getByRole("button", { name: "Edit Showcase" }).click();
      await shot(creator.page, "edit-dialog");
    }

    // An anonymous visitor finds it by genre, then by a tag, opens it and plays the video.
    const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const visitor = await visitorContext.newPage();
    if (process.env.E2E_SCREENSHOTS) {
      await visitor.goto(appUrl("/showcase/search?search=nothing-matches-this"));
      await visitor.getByText("No showcases match these filters").waitFor();
      await shot(visitor, "explore-empty");
      await visitor.setViewportSize({ width: 390, height: 844 });
      await visitor.getByRole("button", { name: /^Filters/ }).click();
      await visitor.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/explore-filters-phone.png`, fullPage: true });
      await visitor.setViewportSize({ width: 1280, height: 900 });
    }
    await visitor.goto(appUrl("/showcase/search"));
    await chooseOption(visitor, "Genre", "Thriller");
    await visitor.getByRole("link", { name: title }).waitFor();
    expect(visitor.url()).toContain("genre=Thriller");
    await visitor.getByRole("button", { name: "Clear filters" }).first().click();
    await visitor.locator("aside summary", { hasText: "Tone & Mood" }).click();
    // The filters live in the address; the box shows checked once the navigation lands.
    await visitor.getByLabel("Suspenseful").click();
    await visitor.waitForURL((url) => url.searchParams.get("tags") === "Suspenseful");
    await visitor.getByRole("link", { name: title }).waitFor();
    await shot(visitor, "explore-results");
    await visitor.getByRole("link", { name: title }).click();
    await visitor.waitForURL((url) => url.pathname === `/showcase/${entryId}`);
    await visitor.getByRole("heading", { name: title }).waitFor();
    expect(await visitor.getByRole("button", { name: "Contact Creator" }).count()).toBe(0);
    const played = await visitor.getByLabel(`${title} storyboard video`).evaluate(async (el) => {
      const v = el as HTMLVideoElement;
      v.muted = true;
      await v.play();
      await new Promise((r) => setTimeout(r, 1200));
      return { time: v.currentTime, width: v.videoWidth, error: v.error?.code ?? null };
    });
    expect(played).toMatchObject({ error: null, width: 1280 });
    expect(played.time).toBeGreaterThan(0.3);
    await shot(visitor, "detail-anonymous");

    // The share link carries link-preview tags in the server's HTML.
    const html = await (await fetch(appUrl(`/showcase/${entryId}`))).text();
    expect(html).toContain(`<meta property="og:title" content="${title} · Storyboard" />`);
    expect(html).toContain('<meta name="twitter:card" content="player" />');
    expect(html).toContain('<div id="root">');

    // Issue 23 item 4: the card's player is the embed page, which another site may frame and play;
    // the entry's own page refuses framing (docs/decisions.md#the-embed-page).
    const embed = appUrl(`/embed/${entryId}`);
    const entryPage = appUrl(`/showcase/${entryId}`);
    expect(html).toContain(`<meta name="twitter:player" content="${embed}" />`);
    expect(html).toContain(`<meta property="og:video" content="${embed}" />`);
    const entryHeaders = (await fetch(entryPage)).headers;
    expect(entryHeaders.get("x-frame-options")).toBe("DENY");
    expect(entryHeaders.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const embedHeaders = (await fetch(embed)).headers;
    expect(embedHeaders.get("x-frame-options")).toBeNull();
    expect(embedHeaders.get("content-security-policy")).toContain("frame-ancestors *");
    // Another site (its own origin: a server of this test on another port) frames both. A made-up host routed by
    // the browser would not do: Chromium refuses to frame a local address from a page it cannot place.
    const otherSite = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<iframe name="embed" src="${embed}" width="640" height="360"></iframe><iframe name="entry" src="${entryPage}"></iframe>`);
    });
    await new Promise<void>((resolve) => otherSite.listen(0, "127.0.0.1", resolve));
    const framer = await visitorContext.newPage();
    await framer.goto(`http://127.0.0.1:${(otherSite.address() as AddressInfo).port}/`, { waitUntil: "load" });
    const framed = await playBriefly(framer.frameLocator('iframe[name="embed"]').locator("video"));
    expect(framed).toMatchObject({ error: null, width: 1280 });
    expect(framed.time).toBeGreaterThan(0.3);
    // The browser blocked the entry page: its frame holds the browser's error page, not the app.
    expect(framer.frame({ name: "entry" })!.url()).not.toBe(entryPage);
    expect(await framer.frameLocator('iframe[name="entry"]').locator("#root").count()).toBe(0);
    await framer.close();
    otherSite.close();

    // An admin features it and it appears on the landing page.
    const admin = await signedInContext(browser, { roles: ["admin"] });
    await admin.page.goto(appUrl("/admin/fixes"));
    await admin.page.getByLabel("Showcase entry ID").fill(entryId);
    await admin.page.getByRole("button", { name: "Add to Featured Showcase" }).click();
    await admin.page.getByText("Showcase entry added to featured list").first().waitFor();
    await admin.page.getByLabel("Featured entries").getByText(title).waitFor();
    await shot(admin.page, "admin-featured");
    await visitor.goto(appUrl("/"));
    await visitor.locator("#showcase").getByRole("link", { name: title }).waitFor();
    await visitor.locator("#showcase").scrollIntoViewIfNeeded();
    await shot(visitor, "landing-featured");

    // A second user contacts the creator; the mail reaches the creator with Reply-To the sender.
    const fan = await signedInContext(browser);
    await fan.page.goto(appUrl(`/showcase/${entryId}`));
    await fan.page.getByRole("button", { name: "Contact Creator" }).click();
    const dialog = fan.page.getByRole("dialog", { name: "Contact Margo Reyes" });
    await dialog.getByRole("button", { name: "Send Message" }).click();
    await dialog.getByText("Please select a reason").waitFor();
    await chooseOption(fan.page, "Reason", "Interested in producing or optioning");
    await dialog.getByLabel("Message (optional)").fill("Loved the tide sequence. Can we talk?");
    await dialog.getByText("37/1000").waitFor();
    await dialog.getByRole("checkbox").check();
    await shot(fan.page, "contact-dialog");
    await dialog.getByRole("button", { name: "Send Message" }).click();
    await fan.page.getByText("Your message was sent to the creator.").first().waitFor();
    const { emails } = (await (await fetch(`${process.env.SES_URL}/store`)).json()) as {
      emails: { destination: { to: string[] }; replyTo?: string[]; subject: string }[];
    };
    const mail = emails.find((m) => m.destination.to.includes(creator.user.email) && m.subject.endsWith(`contacted you about "${title}"`));
    expect(mail?.replyTo).toEqual([fan.user.email]);

    await Promise.all([creator.context.close(), visitorContext.close(), admin.context.close(), fan.context.close()]);
  });
});
