/**
 * The overview tutorial's walk-through: the product used as a writer uses it,
 * in a real browser (upload, render settings, a render from descriptions to
 * video), one screenshot per step with the words the narrator says over it
 * (docs/product.md#web, tutorials).
 */
import type { Page } from "playwright-core";
import { screenplayFile } from "../test/fixtures";

export interface TutorialStep {
  /** A 1280x720 PNG of the screen. */
  screenshot: Buffer;
  narration: string;
}

const WAIT_MS = 180_000;

/** Waits for `target` to show, refreshing the render page meanwhile (it polls every 10 s by itself). */
async function waitWithRefresh(page: Page, target: ReturnType<Page["getByRole"]>) {
  const deadline = Date.now() + WAIT_MS;
  while (!(await target.isVisible())) {
    if (Date.now() > deadline) throw new Error("The tutorial's render did not reach the next step in time.");
    await page.waitForTimeout(1000);
    const refresh = page.getByRole("button", { name: "Refresh" });
    if (await refresh.isVisible()) await refresh.click();
  }
}

/** Walks a signed-in page (viewport 1280x720) through the product and returns the steps. */
export async function recordWalkthrough(page: Page, appUrl: string): Promise<TutorialStep[]> {
  const steps: TutorialStep[] = [];
  const shoot = async (narration: string) => {
    await page.waitForTimeout(400); // let transitions settle
    steps.push({ screenshot: await page.screenshot({ type: "png" }), narration });
  };

  await page.goto(new URL("/dashboard", appUrl).toString());
  await page.getByRole("heading", { name: "Dashboard" }).waitFor();
  await shoot("Welcome to Storyboard. Your dashboard holds your screenplays, your renders and your points.");

  await page.getByRole("button", { name: "Upload Screenplay" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Upload Screenplay" });
  await dialog.getByTestId("screenplay-file-input").setInputFiles(screenplayFile("fdx"));
  await dialog.getByRole("checkbox").click();
  await shoot("Choose Upload Screenplay and pick your file. Leave the title empty to use your title page, and confirm your rights.");
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await page.waitForURL((url) => /^\/screenplays\/[\w-]+$/.test(url.pathname));
  await page.getByRole("link", { name: "Create New Render" }).waitFor();
  await page.getByText("PROGRAMMER").first().waitFor();
  await shoot("Storyboard reads your scenes and characters, and notes who speaks. From here, create a new render.");

  await page.getByRole("link", { name: "Create New Render" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/prep-render/"));
  await page.getByRole("radiogroup", { name: "Visual style" }).getByText("Anime (Beta)").click();
  await shoot("Name the render, choose a visual style and check the cost: one hundred points a page.");
  await page.getByRole("table", { name: "Character voices" }).scrollIntoViewIfNeeded();
  await shoot("Every speaking character gets a voice of their own, and George narrates. Change any voice, then confirm.");

  await page.getByRole("button", { name: "Confirm" }).click();
  await page.waitForURL((url) => /^\/renders\/[\w-]+$/.test(url.pathname));
  const gotIt = page.getByRole("button", { name: "Got it" });
  if (await gotIt.isVisible().catch(() => false)) await gotIt.click();
  await waitWithRefresh(page, page.getByRole("button", { name: "Start Generating" }));
  await shoot("First come the character and scene descriptions. Edit anything the pictures should show, then start generating.");

  await page.getByRole("button", { name: "Start Generating" }).click();
  const createVideo = page.getByRole("button", { name: "Create Video" });
  await waitWithRefresh(page, createVideo);
  await page.getByRole("list", { name: "Timeline shots" }).scrollIntoViewIfNeeded();
  await shoot("Then an image and narration for every moment. Swap any image, or describe a new one, and create the video.");

  await createVideo.click();
  const video = page.getByLabel(/^Video of /);
  const deadline = Date.now() + WAIT_MS;
  while (!(await video.isVisible())) {
    if (Date.now() > deadline) throw new Error("The tutorial's video was not made in time.");
    await page.waitForTimeout(1000);
    const refresh = page.getByRole("button", { name: "Refresh" });
    if (await refresh.isVisible()) await refresh.click();
  }
  await video.scrollIntoViewIfNeeded();
  await shoot("Your storyboard is ready. Watch it, and download the video, poster, audio and project archive.");
  return steps;
}
