import type { Browser } from "playwright-core";
import { nightShift } from "../packages/core/src/screenplay/fixtures/short";
import { appUrl, launchBrowser } from "./browser";
import { playBriefly, refreshUntil, screenshots, signedInContext, uploadThroughDialog } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Draft 2 of Night Shift: PROGRAMMER renamed CODER, one line rewritten, a scene added at the end. */
const draft2 = new TextDecoder()
  .decode(nightShift("fountain").bytes)
  .replaceAll("PROGRAMMER", "CODER")
  .replace("What algorithm is this?", "What algorithm is this, and who wrote it?")
  .concat("\nINT. SERVER ROOM - LATER\n\nThe lights blink out one by one.\n");

describe("revised drafts in a real browser", () => {
  it("uploads a revised draft, matches the renamed character, shows what changed and renders it reusing the first render", async () => {
    const { page, context, user } = await signedInContext(browser, { points: 5000 });
    const screenplayId = await uploadThroughDialog(page, "fdx");
    // Draft 1 rendered to the end (through the API: the render test covers that in the browser), so draft 2 has something to reuse.
    const first = await user.call("/api/renders", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        screenplayId,
        title: "Draft 1",
        style: "cinematic",
        previewDescriptionsBeforeFirstImages: false,
        previewImagesBeforeFirstRender: false,
      }),
    });
    expect(first.status).toBe(200);
    const { id: firstRender } = await first.json();
    for (let i = 0; i < 180; i++) {
      // Through the page's own connection, as the render test reads a render (a fresh fetch per poll met closed keep-alive sockets).
      const { status } = await (await context.request.get(appUrl(`/api/renders/${firstRender}`))).json();
      if (status === "complete") break;
      if (status === "failed") throw new Error("The first render failed");
      await page.waitForTimeout(1000);
    }
    await page.reload();
    await page.getByRole("button", { name: "Upload revised draft" }).click({ timeout: 60_000 });
    const dialog = page.getByRole("dialog", { name: "Upload revised draft" });
    await dialog
      .getByLabel("Screenplay file")
      .setInputFiles({ name: "night-shift-2.fountain", mimeType: "text/plain", buffer: Buffer.from(draft2) });
    await dialog.getByRole("button", { name: "Upload draft" }).click();
    const done = page.getByRole("dialog", { name: "Draft 2 uploaded" });
    await done.getByRole("combobox", { name: "New name of PROGRAMMER" }).click();
    await page.getByRole("option", { name: "CODER" }).click();
    await done.getByRole("button", { name: "Match" }).click();
    await done.getByText("is now CODER").waitFor();
    await page.keyboard.press("Escape");

    await page.getByRole("link", { name: "What changed" }).click();
    await page.getByText("2 scenes changed, 1 added").waitFor();
    const scenes = page.getByRole("list", { name: "Scenes" });
    expect(await scenes.locator(":scope > li").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-state")))).toEqual([
      "changed",
      "changed",
      "added",
    ]);
    expect(await scenes.locator("mark").allTextContents()).toContain(", and who wrote it");
    await screenshots(page, "what-changed");

    // Prepare Render says what it reuses; the review steps show the new and changed first; the video plays.
    await page.goto(new URL(`/prep-render/${screenplayId}`, process.env.APP_URL).toString());
    await page
      .getByTestId("reuse-notice")
      .getByText(/Reusing \d+ of \d+ blocks from your render of draft 1/)
      .waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.waitForURL((url) => /^\/renders\/[\w-]+$/.test(url.pathname));
    const gotIt = page.getByRole("button", { name: "Got it" });
    if (await gotIt.isVisible().catch(() => false)) await gotIt.click();
    await refreshUntil(page, page.getByTestId("changed-first-note"), 90);
    await page.getByText(/Showing what is new or changed in this draft/).waitFor();
    await page.getByRole("button", { name: "Show all" }).click();
    await page.getByRole("button", { name: "Start Generating" }).click();
    await refreshUntil(page, page.getByRole("button", { name: "Create Video" }), 120);
    const shots = page.getByRole("list", { name: "Shots to review" });
    expect(await shots.getByRole("button").allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining("What algorithm is this, and who wrote it?")]),
    );
    await screenshots(page, "revised-render-review");
    await page.getByRole("button", { name: "Create Video" }).click();
    const video = page.getByLabel(/^Video of /);
    await refreshUntil(page, video, 180);
    const played = await playBriefly(video);
    expect(played.error).toBeNull();
    expect(played.duration).toBeGreaterThan(5);
    await context.close();
  });
});
