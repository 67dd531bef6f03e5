import type { Browser, BrowserContext, Page } from "playwright-core";
import { appUrl, launchBrowser } from "./browser";
import { latestCode, mailCount, uniqueEmail } from "./support";

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on("pageerror", (error) => console.error(`[browser] ${error.message}`));
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(email: string, password: string, rememberMe: boolean) {
  await page.goto(appUrl("/auth"));
  await page.getByRole("tab", { name: "Sign In" }).click();
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Sign In" }) });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  if (rememberMe) await form.getByLabel("Remember me").click();
  await form.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard");
}

async function signOut() {
  await page.getByRole("button", { name: "Open account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await page.getByText("You have been successfully logged out.").first().waitFor();
}

describe("an account from registration to a new password, in a real browser", () => {
  const email = uniqueEmail("writer");
  const password = "first-pass-1";
  const newPassword = "second-pass-2";

  it("registers with the e-mailed code and lands on the dashboard with 500 points", async () => {
    await page.goto(appUrl("/auth#register"));
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Create account" }) });
    await form.getByLabel("Full name").fill("Ada Writer");
    await form.getByLabel("Email").fill(email);
    await form.getByRole("combobox").click();
    await page.getByRole("option", { name: /^Eastern Time/ }).click();
    await form.getByLabel("Password", { exact: true }).fill(password);
    await form.getByLabel("Confirm password").fill(password);
    await form.getByRole("checkbox").click();
    const before = await mailCount(email);
    await form.getByRole("button", { name: "Create account" }).click();

    const dialog = page.getByRole("dialog");
    await dialog.getByText(/4 minutes/).waitFor();
    const code = await latestCode(email, before);
    await dialog.getByLabel("Confirmation code").fill(code);
    await dialog.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByText("Registration successful").first().waitFor();
    await page.getByRole("button", { name: "Let's go" }).click();
    const points = page.locator("p", { hasText: /^Points$/ }).locator("xpath=..");
    await points.getByText("500", { exact: true }).waitFor();
  });

  it("sends /auth to /dashboard while signed in", async () => {
    await page.goto(appUrl("/auth"));
    await page.waitForURL((url) => url.pathname === "/dashboard");
  });

  it("signs out, then back in with rememberMe (a lasting cookie)", async () => {
    await signOut();
    await signIn(email, password, true);
    const cookie = (await context.cookies()).find((c) => c.name === "sb_session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
  });

  it("changes the name in Settings", async () => {
    await page.goto(appUrl("/settings"));
    const account = page.locator("form").filter({ has: page.getByRole("button", { name: "Save changes" }) });
    const save = account.getByRole("button", { name: "Save changes" });
    await account.getByLabel("Full name").waitFor();
    expect(await save.isDisabled()).toBe(true);
    await account.getByLabel("Full name").fill("Ada Lovelace");
    await save.click();
    // Saved once the form is clean again ('Saving...' until then): a reload before that can cut the request off.
    await expect.poll(() => save.isDisabled()).toBe(true);
    await page.reload();
    await expect.poll(() => account.getByLabel("Full name").inputValue()).toBe("Ada Lovelace");
  });

  it("changes the password and signs in again with the new one", async () => {
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Update password" }) });
    await form.getByLabel("Current password").fill(password);
    await form.getByLabel("New password", { exact: true }).fill(newPassword);
    await form.getByLabel("Confirm new password").fill(newPassword);
    await form.getByRole("button", { name: "Update password" }).click();
    await form.getByLabel("Current password").and(page.locator("[value='']")).waitFor().catch(() => undefined);
    await signOut();
    await signIn(email, newPassword, false);
    await page.getByText(/Welcome back, Ada Lovelace!/).first().waitFor();
  });
});
