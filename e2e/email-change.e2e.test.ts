/** Changing the sign-in e-mail in a real browser: current password, then the code sent to the new address. */
import type { Browser, Page } from "playwright-core";
import { PASSWORD, registration } from "../packages/functions/src/api/auth/test-support";
import { appUrl, launchBrowser } from "./browser";
import { latestCode, mailCount, screenshots, uniqueEmail } from "./support";

let browser: Browser;
let page: Page;

/** A registered account (a password identity), signed in: registration itself is the accounts test's. */
async function registeredSession(email: string) {
  const post = (path: string, body: unknown) =>
    fetch(appUrl(path), {
      method: "POST",
      headers: { "content-type": "application/json", origin: new URL(appUrl()).origin },
      body: JSON.stringify(body),
    });
  await post("/api/auth/send-confirmation", { email });
  const res = await post("/api/register", registration(email, { confirmationCode: await latestCode(email) }));
  if (res.status !== 200) throw new Error(`register: ${res.status} ${await res.text()}`);
  return /sb_session=([^;]+)/.exec(res.headers.getSetCookie().join(";"))![1];
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("e-mail change in the browser", () => {
  it("moves the sign-in e-mail after the password and the mailed code", async () => {
    const email = uniqueEmail("old");
    const next = uniqueEmail("new");
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: "sb_session", value: await registeredSession(email), url: appUrl() }]);
    await context.addInitScript(() => localStorage.setItem("welcomeDismissedAt", String(Date.now())));
    page = await context.newPage();
    page.on("pageerror", (error) => console.error(`[browser] ${error.message}`));

    await page.goto(appUrl("/settings"));
    const account = page.locator("form").filter({ has: page.getByRole("button", { name: "Save changes" }) });
    await account.getByLabel("Email").fill(next);
    await account.getByRole("button", { name: "Save changes" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm your new e-mail" });
    await dialog.getByLabel("Current password").waitFor();
    await screenshots(page, "email-change-password");

    await dialog.getByLabel("Current password").fill("not-the-password");
    await dialog.getByRole("button", { name: "Send code" }).click();
    await dialog.getByText("Current password is incorrect.").waitFor();
    await screenshots(page, "email-change-wrong-password");

    const before = await mailCount(next);
    await dialog.getByLabel("Current password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Send code" }).click();
    await dialog.getByLabel("Confirmation code").waitFor();
    await screenshots(page, "email-change-code");
    await dialog.getByLabel("Confirmation code").fill(await latestCode(next, before));
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("E-mail changed").first().waitFor();
    await expect.poll(() => account.getByLabel("Email").inputValue()).toBe(next);
    await context.close();
  });
});
