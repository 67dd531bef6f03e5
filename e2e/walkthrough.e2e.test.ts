import type { Browser } from "playwright-core";
import { appUrl, launchBrowser } from "./browser";
import { cutOrOffScreen, playBriefly, refreshUntil, screenshots, signedInContext, uploadThroughDialog } from "./support";

/** Issue 23 in a real browser: the timeline states what the video shows (item 8); screenshots of the changed screens. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Seconds of every shot the timeline lists, read from each shot's label ('Shot 3 at 0:04, 1.5 s: …'). */
const shotSeconds = (labels: string[]) => labels.map((l) => Number(/, (\d+(?:\.\d+)?) s:/.exec(l)![1]));

describe("the walk-through in a real browser", () => {
  it("lists on the timeline the on-screen durations of the video: the shots add up to the video's length", async () => {
    const { page, context } = await signedInContext(browser, { points: 2000 });
    const screenplayId = await uploadThroughDialog(page, "fountain");
    const created = await context.request.post(appUrl("/api/renders"), {
      data: {
        screenplayId,
        title: "Timeline check",
        style: "noir",
        previewDescriptionsBeforeFirstImages: false,
        previewImagesBeforeFirstRender: false,
      },
    });
    expect(created.status()).toBe(200);
    const { id } = await created.json();
    await page.goto(appUrl(`/renders/${id}`));
    const video = page.getByLabel(/^Video of /);
    await refreshUntil(page, video, 240);
    const played = await playBriefly(video);
    expect(played.error).toBeNull();

    const labels = await page.getByRole("list", { name: "Timeline shots" }).getByRole("button").evaluateAll((els) =>
      els.map((e) => e.getAttribute("aria-label") ?? ""),
    );
    expect(labels.length).toBeGreaterThan(3);
    const total = shotSeconds(labels).reduce((a, b) => a + b, 0);
    // Each shot is rounded to a tenth on its label; the sum may drift by half a tenth per shot at most.
    expect(Math.abs(total - played.duration)).toBeLessThanOrEqual(0.05 * labels.length + 0.05);
    // The summary's total is the video's length, to the second.
    const summary = await page.getByText(/\d+ shots · /).textContent();
    const [, m, s] = /· (\d+):(\d{2})/.exec(summary ?? "")!;
    expect(Math.abs(Number(m) * 60 + Number(s) - played.duration)).toBeLessThanOrEqual(1);
    await screenshots(page, "walk-render-timeline");

    // On a phone nothing of the finished render runs off the screen or is cut short (the walk found the timeline
    // downloads wider than 375 px and 'Storyboard PDF' cut to 'Storyboar…').
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole("list", { name: "Editing timelines" }).waitFor();
    await page.waitForTimeout(300);
    expect(await cutOrOffScreen(page)).toEqual([]);
    await context.close();
  });

  it("shows the landing hero's player and 'Complete Your Purchase' saying what the card pays (screenshots)", async () => {
    // The landing page is for visitors: a signed-in writer is sent to the dashboard.
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const landing = await visitor.newPage();
    await landing.goto(appUrl("/"));
    await landing.getByRole("heading", { level: 1, name: "Turn your screenplay into visual stories" }).waitFor();
    await screenshots(landing, "walk-landing");
    await visitor.close();

    const { page, context } = await signedInContext(browser, { points: 40 });

    const screenplayId = await uploadThroughDialog(page, "fountain");
    const detail = async () => (await (await context.request.get(appUrl(`/api/screenplays/${screenplayId}`))).json()) as { status: string };
    await expect.poll(async () => (await detail()).status, { timeout: 60_000 }).toBe("ready");
    await page.goto(appUrl(`/prep-render/${screenplayId}`));
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("Complete Your Purchase").waitFor();
    const says = page.getByTestId("card-pays-what");
    await says.waitFor();
    expect(await says.textContent()).toMatch(/^Your card pays \$\d+\.\d{2} for the [\d,]+ points you are missing\. Then the render takes its [\d,]+ points from your balance, so your 40 points are used, not charged again\.$/);
    await screenshots(page, "walk-complete-purchase");
    await context.close();
  });
});
