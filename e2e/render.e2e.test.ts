import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { unzipSync } from "fflate";
import { appUrl, launchBrowser } from "./browser";
import { playBriefly, signedInContext, uploadThroughDialog } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a render in a real browser", () => {
  it("prepares with a non-default style, voice and sound, reviews, swaps an image, makes the video, plays it and downloads the zip", async () => {
    const { page, context } = await signedInContext(browser, { points: 1000 });
    const screenplayId = await uploadThroughDialog(page, "fdx");
    await page.getByRole("link", { name: "Create New Render" }).click();
    await page.waitForURL((url) => url.pathname === `/prep-render/${screenplayId}`);

    // Prepare: Gritty Noir and another voice for the programmer.
    await page.getByRole("radiogroup", { name: "Visual style" }).getByText("Gritty Noir").click();
    await page.getByRole("button", { name: "Change voice for PROGRAMMER" }).click();
    const picker = page.getByRole("dialog", { name: "Choose a voice for PROGRAMMER" });
    await picker.getByLabel("Search voices").fill("Alice");
    await picker.getByRole("radio", { name: "Alice" }).click();
    await picker.getByRole("button", { name: "Confirm" }).click();
    // Sound: the generated bed, its level 3 dB under the default (docs/decisions.md#the-sound-mix).
    await page.getByRole("radiogroup", { name: "Music" }).getByRole("radio", { name: /^Generated/ }).click();
    const musicLevel = page.getByRole("slider", { name: "Music level" });
    for (let i = 0; i < 3; i++) await musicLevel.press("ArrowLeft");
    await page.getByText("-15 dB", { exact: true }).waitFor();
    const created = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/renders");
    await page.getByRole("button", { name: "Confirm" }).click();
    expect((await created).postDataJSON()).toMatchObject({ music: "generated", mixLevels: { dialogue: 0, narration: -2, music: -15 } });
    await page.waitForURL((url) => /^\/renders\/[\w-]+$/.test(url.pathname));
    const renderId = page.url().split("/").pop()!;
    // 'Descriptions Coming Soon' shows only while the descriptions are being written (offline that can be done already).
    const gotIt = page.getByRole("button", { name: "Got it" });
    if (await gotIt.isVisible().catch(() => false)) await gotIt.click();

    // Review 1: descriptions (the page polls every 10 s; Refresh makes it sooner).
    const description = page.getByLabel("PROGRAMMER", { exact: true });
    for (let i = 0; i < 60 && !(await description.isVisible()); i++) {
      await page.waitForTimeout(1000);
      if (await page.getByRole("button", { name: "Refresh" }).isVisible()) await page.getByRole("button", { name: "Refresh" }).click();
    }
    // Ready: no coming-soon dialog, and the progress stands still at the gate, waiting for the writer.
    await page.reload();
    await description.waitFor();
    expect(await page.getByRole("dialog", { name: "Descriptions Coming Soon" }).count()).toBe(0);
    await page.getByTestId("waiting-for-you").waitFor();
    const held = await page.getByText("10%", { exact: true }).textContent();
    await page.waitForTimeout(2500);
    await page.getByRole("button", { name: "Refresh" }).click();
    expect(await page.getByText("10%", { exact: true }).textContent()).toBe(held);
    await description.fill("A tired coder in a grey hoodie, lit by the monitor.");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Descriptions Updated").first().waitFor();
    await page.getByRole("button", { name: "Start Generating" }).click();
    await page.getByText("Generation Started").first().waitFor();

    // Review 2: images.
    const createVideo = page.getByRole("button", { name: "Create Video" });
    for (let i = 0; i < 120 && !(await createVideo.isVisible()); i++) {
      await page.waitForTimeout(1000);
      if (await page.getByRole("button", { name: "Refresh" }).isVisible()) await page.getByRole("button", { name: "Refresh" }).click();
    }
    await page.getByRole("list", { name: "Timeline shots" }).getByRole("button").nth(1).click();
    const imagePicker = page.getByRole("dialog", { name: "Choose an image" });
    await imagePicker.getByLabel("Prompt for a new image").fill("An empty car park at night under one flickering lamp");
    await imagePicker.getByRole("button", { name: "Generate new image" }).click();
    await imagePicker
      .getByRole("button", { name: "Image 2" })
      .or(imagePicker.getByRole("radio", { name: "Image 2" }))
      .first()
      .click({ timeout: 60_000 });
    await imagePicker.getByRole("button", { name: "Use this image" }).click();
    await imagePicker.waitFor({ state: "detached" });
    const afterSwap = await (await context.request.get(appUrl(`/api/renders/${renderId}`))).json();
    const swapped = afterSwap.screenplaySnapshot.blocks.filter((b: { hasMedia: boolean }) => b.hasMedia)[1];
    expect(swapped.imageUrl).toHaveLength(2);
    expect(swapped.imageUrl[0]).toContain("-gen-");

    // The video.
    await createVideo.click();
    const video = page.getByLabel(/^Video of /);
    for (let i = 0; i < 180 && !(await video.isVisible()); i++) {
      await page.waitForTimeout(1000);
      if (await page.getByRole("button", { name: "Refresh" }).isVisible()) await page.getByRole("button", { name: "Refresh" }).click();
    }
    const played = await playBriefly(video);
    expect(played.error).toBeNull();
    expect(played.width).toBe(1280);
    expect(played.time).toBeGreaterThan(0.5);
    expect(played.duration).toBeGreaterThan(5);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page
        .getByRole("list", { name: "Downloads" })
        .getByRole("link", { name: /Project files/ })
        .click(),
    ]);
    const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    expect(Object.keys(zip)).toEqual(
      expect.arrayContaining(["captions.srt", "captions.vtt", "screenplay.json", "edit-list.json", "timeline/storyboard.fcpxml"]),
    );
    // The mix's three stems, the music among them because it was chosen, and the editor's timeline refers to it.
    expect(Object.keys(zip).filter((name) => name.startsWith("stems/")).sort()).toEqual(["stems/dialogue.wav", "stems/music.wav", "stems/narration.wav"]);
    expect(Buffer.from(zip["timeline/storyboard.fcpxml"]).toString("utf8")).toContain("../stems/music.wav");
    await context.close();
  });
});
