import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser";
import { playBriefly, refreshUntil, signedInContext, uploadThroughDialog } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a 9:16 board in a real browser", () => {
  it("picks 9:16 on Prepare Render, finishes, plays upright and downloads the storyboard PDF and the shot list", async () => {
    const { page, context } = await signedInContext(browser, { points: 1000 });
    const screenplayId = await uploadThroughDialog(page, "fdx");
    await page.getByRole("link", { name: "Create New Render" }).click();
    await page.waitForURL((url) => url.pathname === `/prep-render/${screenplayId}`);

    // Cinematic Realism cannot be vertical: Documentary, then 9:16; no review pauses, straight to the video.
    const aspects = page.getByRole("radiogroup", { name: "Aspect ratio" });
    expect(await aspects.getByRole("radio", { name: /9:16 vertical/ }).isDisabled()).toBe(true);
    await page.getByRole("radiogroup", { name: "Visual style" }).getByText("Documentary").click();
    await aspects.getByText("9:16 vertical (phones)").click();
    await page.getByRole("switch", { name: "Review descriptions before images" }).click();
    await page.getByRole("switch", { name: "Review images before the video" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.waitForURL((url) => /^\/renders\/[\w-]+$/.test(url.pathname));

    const video = page.getByLabel(/^Video of /);
    await refreshUntil(page, video, 240);
    const played = await playBriefly(video);
    expect(played.error).toBeNull();
    expect(played.width).toBe(720);

    const downloads = page.getByRole("list", { name: "Downloads" });
    const [pdf] = await Promise.all([page.waitForEvent("download"), downloads.getByRole("link", { name: /Storyboard PDF/ }).click()]);
    const pdfPath = (await pdf.path())!;
    expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe("%PDF-");
    expect(execFileSync("pdftotext", [pdfPath, "-"], { encoding: "utf8" })).toContain("Aspect: 9:16");
    const [csv] = await Promise.all([page.waitForEvent("download"), downloads.getByRole("link", { name: /Shot list/ }).click()]);
    const rows = readFileSync((await csv.path())!, "utf8").replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(rows[0]).toMatch(/^Scene,Heading,Shot,Size,Angle,Movement/);
    expect(rows.length).toBeGreaterThan(3);
    await context.close();
  }, 600_000);
});
