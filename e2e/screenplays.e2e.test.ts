import type { Browser } from "playwright-core";
import { appUrl, launchBrowser } from "./browser";
import { signedInContext, uploadThroughDialog } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a screenplay in a real browser", () => {
  it("uploads an Open Screenplay Format file, shows its characters, adds and removes a non-speaking one, and deletes it", async () => {
    const { page, context } = await signedInContext(browser);
    const id = await uploadThroughDialog(page, "osf");

    const characters = page.getByRole("list", { name: "Characters" });
    await characters.waitFor({ timeout: 60_000 });
    const speakers = await characters.getByRole("listitem").count();
    expect(speakers).toBeGreaterThan(0);
    // Speaking characters cannot be removed; JANITOR, who never speaks in the file, can.
    const removable = characters.getByRole("button", { name: /^Remove / });
    expect(await removable.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")))).toEqual(["Remove JANITOR"]);

    await page.getByPlaceholder("Character name").fill("  old farmer ");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByText("Character added").first().waitFor();
    await characters.getByText("OLD FARMER").waitFor();
    await characters.getByRole("button", { name: "Remove OLD FARMER" }).click();
    await page.getByText("Character removed").first().waitFor();
    await characters.getByText("OLD FARMER").waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Delete Screenplay" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    const res = await context.request.get(appUrl(`/api/screenplays/${id}`));
    expect(res.status()).toBe(404);
    await context.close();
  });
});
