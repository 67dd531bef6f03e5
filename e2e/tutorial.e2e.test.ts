import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { appUrl, launchBrowser } from "./browser";
import { playBriefly } from "./support";

let browser: Browser;
let work: string;
beforeAll(async () => {
  browser = await launchBrowser();
  work = await mkdtemp(join(tmpdir(), "tutorial-e2e-"));
});
afterAll(async () => {
  await browser?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("the overview tutorial (docs/decisions.md, tutorial video)", () => {
  it("is recorded in the browser, narrated and assembled by the project, and plays on /tutorials", async () => {
    const { createTestUser } = await import("../packages/local/src/test/fixtures");
    const { makeTutorial } = await import("../packages/local/src/tutorial/make");
    const { uploadFile } = await import("../packages/core/src/blob/s3");
    const { TUTORIAL_VIDEO_KEY } = await import("../packages/core/src/public-environment");
    const user = await createTestUser({ points: 1000 });
    const made = await makeTutorial({ browser, appUrl: appUrl(), sessionToken: user.cookie.split("=")[1], outDir: work });
    // Eight narrated steps: upload, settings, voices, descriptions, images, the video.
    expect(made.timeline).toHaveLength(8);
    expect(made.durationMs).toBeGreaterThan(30_000);
    await uploadFile(process.env.MEDIA_BUCKET!, TUTORIAL_VIDEO_KEY, made.videoPath, "video/mp4");

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(appUrl("/tutorials"));
    const video = page.getByLabel("Overview tutorial: upload, render settings and a render");
    await video.waitFor();
    const played = await playBriefly(video);
    expect(played.error).toBeNull();
    expect(played.width).toBe(1280);
    expect(played.time).toBeGreaterThan(0.5);
    expect(played.duration * 1000).toBeGreaterThan(30_000);
    await page.close();
  }, 420_000);
});
