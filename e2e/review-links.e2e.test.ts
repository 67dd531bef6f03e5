import type { Browser, Page } from "playwright-core";
import { appUrl, launchBrowser } from "./browser";
import { cutOrOffScreen, refreshUntil, screenshots, signedInContext, uploadThroughDialog } from "./support";

/** Issue 28 in a real browser: the owner shares a finished render, a reviewer without an account comments and decides. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Comments on the frame at `index` of the review page's strip, and waits for the comment to show. */
async function commentOnFrame(page: Page, index: number, text: string) {
  await page.getByRole("list", { name: "Frames" }).getByRole("button").nth(index).click();
  const form = page.getByRole("form", { name: "New comment" });
  await form.getByRole("radio", { name: /^On / }).waitFor();
  expect(await form.getByRole("radio", { name: /^On / }).isChecked()).toBe(true);
  const field = form.getByLabel("Comment", { exact: true });
  await expect.poll(() => field.inputValue()).toBe("");
  await field.fill(text);
  await form.getByRole("button", { name: "Add comment" }).click();
  await page.getByText(text, { exact: true }).waitFor();
}

/** The counts on the owner's timeline frames, in the timeline's order ('' where a frame has none). */
const timelineBadges = (page: Page) =>
  page.getByTestId("timeline-block").evaluateAll((els) => els.map((el) => el.querySelector(":scope > span")?.textContent?.trim() ?? ""));

describe("review links in a real browser", () => {
  it("the owner shares; a reviewer without an account comments on two frames and requests changes, then approves; revoking ends the link", async () => {
    const { page, context } = await signedInContext(browser, { points: 2000 });
    const screenplayId = await uploadThroughDialog(page, "fountain");
    const created = await context.request.post(appUrl("/api/renders"), {
      data: { screenplayId, title: "Review check", style: "noir", previewDescriptionsBeforeFirstImages: false, previewImagesBeforeFirstRender: false },
    });
    expect(created.status()).toBe(200);
    const { id } = await created.json();
    await page.goto(appUrl(`/renders/${id}`));
    await refreshUntil(page, page.getByLabel(/^Video of /), 240);

    // The owner: 'Share for review', named 'For Dana'.
    await page.getByRole("button", { name: "Share for review" }).click();
    const dialog = page.getByRole("dialog", { name: "Share for review" });
    await dialog.getByLabel("Name").fill("For Dana");
    await screenshots(page, "review-share-dialog", { phoneWidth: 375 });
    await dialog.getByRole("button", { name: "Create link" }).click();
    const ready = page.getByRole("dialog", { name: "Review link ready" });
    const url = await ready.getByLabel("Review link").inputValue();
    expect(url).toMatch(/\/review#[\w-]{43}$/);
    const token = url.split("#")[1];
    await screenshots(page, "review-share-dialog-ready", { phoneWidth: 375 });
    await ready.getByRole("button", { name: "Done" }).click();
    await page.getByRole("list", { name: "Review links" }).getByRole("listitem", { name: "For Dana" }).waitFor();

    // The reviewer: a second browser, no account, no cookie.
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const review = await visitor.newPage();
    review.on("pageerror", (error) => console.error(`[reviewer] ${error.message}`));
    // A refused send shows only as a toast: say it in the test's output (the token is left out).
    review.on("response", async (r) => {
      if (r.request().method() === "POST" && r.status() >= 400) console.error(`[reviewer] POST ${r.status()}: ${await r.text()}`);
    });
    // What an access log could write down of the reviewer's visit: every address and Referer the browser sends.
    const sent: string[] = [];
    review.on("request", (r) => sent.push(r.url(), r.headers().referer ?? ""));
    await review.goto(url);
    await review.getByRole("heading", { level: 1 }).waitFor();
    expect(await review.getByText("Shared with you for review · For Dana").isVisible()).toBe(true);
    expect(await review.getByText(/@example\.com/).count()).toBe(0);
    // Its media are short-lived signed addresses the token's API handed out, never a public address.
    const src = await review.getByLabel(/^Video of /).getAttribute("src");
    expect(src).toContain("X-Amz-Signature=");

    await review.getByLabel("Your name").fill("Dana");
    await commentOnFrame(review, 0, "The opening feels too dark.");
    await commentOnFrame(review, 1, "Could this shot be wider?");
    await review.getByLabel("Note (optional)").fill("Two frames need another pass.");
    await review.getByRole("button", { name: "Request changes" }).click();
    await review.getByRole("status").filter({ hasText: "Changes requested by Dana" }).waitFor();
    expect(await review.getByRole("list", { name: "Frames" }).getByRole("button", { name: /1 open comment$/ }).count()).toBe(2);
    await screenshots(review, "review-page");
    // With the keyboard: back from the name field lands on the strip's one tab stop; arrows move along it.
    await review.getByLabel("Your name").focus();
    await review.keyboard.press("Shift+Tab");
    await review.keyboard.press("ArrowRight");
    const focused = review.locator(":focus");
    expect(await focused.getAttribute("aria-label")).toMatch(/ at 0:\d\d/);
    expect(await focused.evaluate((el) => el.closest("ol")?.getAttribute("aria-label"))).toBe("Frames");
    await screenshots(review, "review-page-focus", { phoneWidth: 375 });
    await review.setViewportSize({ width: 375, height: 812 });
    await review.waitForTimeout(300);
    expect(await cutOrOffScreen(review)).toEqual([]);
    // The strip scrolls sideways, so the check above leaves it out: its frames' labels are read whole too.
    const cutLabels = await review.getByRole("list", { name: "Frames" }).locator("button span").evaluateAll((els) =>
      els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
    );
    expect(cutLabels).toEqual([]);
    await review.setViewportSize({ width: 1280, height: 900 });

    // The owner reloads: a count on each of the two frames, both threads in the panel; reply to one, resolve it.
    await page.reload();
    const panel = page.getByRole("region", { name: "Review comments" });
    await panel.getByRole("heading", { name: "2 open of 2 threads" }).waitFor();
    expect((await timelineBadges(page)).filter(Boolean)).toEqual(["1 open comment", "1 open comment"]);
    const threads = panel.getByRole("article", { name: "Comment by Dana" });
    expect(await threads.count()).toBe(2);
    const first = threads.filter({ hasText: "The opening feels too dark." });
    await first.getByRole("button", { name: "Reply to Dana" }).click();
    await first.getByLabel("Reply to Dana").fill("Brighter in the next draft.");
    await first.getByRole("button", { name: "Send reply" }).click();
    await first.getByText("Brighter in the next draft.").waitFor();
    await first.getByRole("button", { name: "Resolve the comment by Dana" }).click();
    await first.getByText("Resolved").waitFor();
    await panel.getByRole("heading", { name: "1 open of 2 threads" }).waitFor();
    await expect.poll(async () => (await timelineBadges(page)).filter(Boolean).length).toBe(1);
    await panel.scrollIntoViewIfNeeded();
    await screenshots(page, "review-owner-comments");

    const renders = await context.newPage();
    await renders.goto(appUrl("/renders"));
    await renders.getByText("Changes requested", { exact: true }).waitFor();

    // The reviewer sees the writer's reply, then approves.
    await review.reload();
    await review.getByText("Brighter in the next draft.").waitFor();
    await review.getByRole("button", { name: "Approve" }).click();
    await review.getByRole("status").filter({ hasText: "Approved by Dana" }).waitFor();
    await renders.reload();
    await renders.getByText("Approved by Dana").waitFor();

    // Revoked: the reviewer's page says so.
    await page.getByRole("button", { name: "Revoke 'For Dana'" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke link" }).click();
    await page.getByRole("listitem", { name: "For Dana" }).getByText("Revoked", { exact: true }).waitFor();
    await review.reload();
    await review.getByText("This review link is no longer active.").waitFor();
    await screenshots(review, "review-page-revoked", { phoneWidth: 375 });
    // The token stayed in the fragment and the header: no address or Referer the browser sent held it.
    expect(sent.length).toBeGreaterThan(10);
    expect(sent.filter((line) => line.includes(token))).toEqual([]);
    await visitor.close();
    await context.close();
  }, 600_000);
});
