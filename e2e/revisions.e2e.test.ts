import type { Browser } from "playwright-core";
import { nightShift } from "../packages/core/src/screenplay/fixtures/short";
import { launchBrowser } from "./browser";
import { screenshots, signedInContext, uploadThroughDialog } from "./support";

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
  it("uploads a revised draft, matches the renamed character and shows what changed", async () => {
    const { page, context } = await signedInContext(browser);
    await uploadThroughDialog(page, "fdx");
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
    await context.close();
  });
});
