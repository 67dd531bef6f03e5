/**
 * Watching a kill in a browser (issue 21, docs/decisions.md#crash-safety): a real `npm start` of its own
 * (the built web app and the API, its own data folder and ports) is killed as a whole process group while
 * the render page is open and images are being made, then started again without --fresh. The open page,
 * never reloaded nor refreshed by hand, must say the render is resuming and end with the video, and must
 * not claim 'almost done' in the seconds after the kill, while nothing moves (sampled every 500 ms).
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { freeProductPorts, type ProductPorts, startNpmStart, useNpmStartEnv } from "../packages/local/src/test/npm-start";
import { launchBrowser } from "./browser";

const dataDir = mkdtempSync(join(tmpdir(), "storyboard-kill-e2e-"));
let ports: ProductPorts;
let product: ChildProcess | undefined;
let browser: Browser;

async function startProduct() {
  product = (await startNpmStart({ dataDir, ports, web: "static" })).child;
}

async function killGroup() {
  const child = product!;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid!, "SIGKILL");
  await exited;
  product = undefined;
}

beforeAll(async () => {
  ports = await freeProductPorts();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (product?.pid) process.kill(-product.pid, "SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a render page open while npm start is killed", () => {
  it("says the render is resuming after the restart and ends with the video, without a reload, never 'almost done' while stopped", async () => {
    await startProduct();
    // The product's own code, pointed at the child's stand-ins.
    const appUrl = useNpmStartEnv(ports);
    const { createTestUser, eventually, uploadScreenplay } = await import("../packages/local/src/test/fixtures");
    const user = await createTestUser({ points: 1000 });
    const { id: screenplayId } = await (await uploadScreenplay(user, "fdx")).json();
    await eventually(async () => (await (await user.call(`/api/screenplays/${screenplayId}`)).json()).status === "ready", 60_000);
    const created = await user.call("/api/renders", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        screenplayId,
        title: "Killed Mid-Render",
        style: "noir",
        previewDescriptionsBeforeFirstImages: false,
        previewImagesBeforeFirstRender: false,
      }),
    });
    expect(created.status).toBe(200);
    const { id } = await created.json();

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: "sb_session", value: user.cookie.split("=")[1], url: appUrl }]);
    await context.addInitScript(() => localStorage.setItem("welcomeDismissedAt", String(Date.now())));
    const page = await context.newPage();
    await page.goto(`${appUrl}/renders/${id}`);
    await page.getByText("Drawing an image and recording narration for every block.").waitFor({ timeout: 120_000 });
    // Killed while images are being made: asked of the API every 100 ms, since the page asks only every 10 s and
    // on a quiet machine the small screenplay's images can all be made between two of its polls.
    await eventually(async () => {
      const render = await (await user.call(`/api/renders/${id}`)).json();
      expect(render.status).toBe("generating_assets");
      const media = await (await user.call(`/api/renders/mediaCompletion/${id}`)).json();
      const { image, audio } = media.typeBreakdown;
      return image.remaining + audio.remaining < image.total + audio.total;
    }, 120_000);

    await killGroup();
    const seen: string[] = [];
    const watch = setInterval(() => {
      page
        .locator("main")
        .innerText({ timeout: 1000 })
        .then((text) => seen.push(text))
        .catch(() => {});
    }, 500);
    try {
      // Stopped for a while: the open page keeps what it knew and must not claim the end is near.
      await page.waitForTimeout(5000);
      const whileDown = seen.length;
      await startProduct();
      expect(seen.slice(0, whileDown).filter((t) => /almost done/i.test(t))).toEqual([]);

      const resuming = page.getByTestId("render-resuming");
      await resuming.waitFor({ timeout: 60_000 });
      expect(await resuming.innerText()).toBe("This render was interrupted; resuming.");
      // No reload and no Refresh click: the page follows the resumed render to its video.
      await page.getByLabel(/^Video of /).waitFor({ timeout: 240_000 });
    } finally {
      clearInterval(watch);
    }
    const render = await (await user.call(`/api/renders/${id}`)).json();
    expect(render.status).toBe("complete");
    // Charged once, nothing refunded: the ledger holds the one render debit.
    const { records } = await (await user.call("/api/points/ledger")).json();
    expect(records.filter((r: { reason: string }) => r.reason === "render")).toHaveLength(1);
    expect(records.filter((r: { reason: string }) => r.reason === "refund")).toHaveLength(0);
    await context.close();
  }, 600_000);
});
