/**
 * Issue 23 item 1 / issue 22 item 4: a double click on 'Generate new image'
 * charges once; the frame shows pending, then ready, while the writer may go on.
 */
import type { Browser } from "playwright-core";
import { appUrl, launchBrowser } from "./browser";
import { signedInContext } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const json = { "content-type": "application/json" };

describe("on-demand frames in a real browser", () => {
  it("charges a double click on 'Generate new image' once and shows the frame pending, then ready", async () => {
    const { user, page } = await signedInContext(browser, { points: 1000 });
    const { eventually, uploadScreenplay } = await import("../packages/local/src/test/fixtures");
    // The render is set up through the API: this test is about the picker.
    const { id: screenplayId } = await (await uploadScreenplay(user, "fdx")).json();
    await eventually(async () => (await (await user.call(`/api/screenplays/${screenplayId}`)).json()).status === "ready");
    const created = await user.call("/api/renders", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ screenplayId, title: "Double click", style: "noir", previewDescriptionsBeforeFirstImages: false }),
    });
    const { id: renderId } = await created.json();
    const render = async () => (await (await user.call(`/api/renders/${renderId}`)).json()) as { status: string; screenplaySnapshot: { blocks: { id: string; hasMedia: boolean; imageUrl: string[] }[] } };
    await eventually(async () => (await render()).status === "assets_ready", 120_000);
    const balance = async () => (await (await user.call("/api/user/points")).json()) as number;
    const before = await balance();

    await page.goto(appUrl(`/renders/${renderId}`));
    await page.getByRole("list", { name: "Timeline shots" }).getByRole("button").first().click();
    const picker = page.getByRole("dialog", { name: "Choose an image" });
    await picker.getByLabel("Prompt for a new image").fill("An empty car park at night under one flickering lamp");
    await picker.getByRole("button", { name: "Generate new image" }).dblclick();
    // Pending, then ready: the new frame is the block's second image, and the picker selects it.
    await picker.getByRole("radio", { name: "Image 2" }).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(3000); // a second charge, had one been sent, would have landed by now
    expect(await picker.getByRole("radio", { name: "Image 3" }).count()).toBe(0);
    expect(await picker.getByRole("radio", { name: "Image 2" }).isChecked()).toBe(true);
    expect(await balance()).toBe(before - 10);
    const { items } = await (await user.call(`/api/renders/${renderId}/image-requests`)).json();
    expect(items).toEqual([expect.objectContaining({ status: "ready", prompt: "An empty car park at night under one flickering lamp" })]);
    const first = (await render()).screenplaySnapshot.blocks.filter((b) => b.hasMedia)[0];
    expect(first.imageUrl).toHaveLength(2);
  });
});
