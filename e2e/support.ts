import { mkdirSync } from "node:fs";
import type { FixtureFormat } from "../packages/core/src/screenplay/fixtures/short";
import type { Page } from "playwright-core";
import { appUrl } from "./browser";

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

/** The newest 6-digit code e-mailed to `email`, read from the local SES mail store. */
export async function latestCode(email: string, after = 0): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const { emails } = (await (await fetch(`${process.env.SES_URL}/store`)).json()) as { emails: StoredMail[] };
    const mine = emails.filter((m) => m.destination.to.includes(email));
    if (mine.length > after) {
      const text = mine[mine.length - 1].body.text ?? mine[mine.length - 1].body.html ?? "";
      const code = /\b(\d{6})\b/.exec(text)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No code reached ${email}`);
}

/**
 * The newest mail to `email` whose subject matches, read from the local SES mail store; mails that follow a
 * payment go out from its webhook, so this waits up to `seconds` for one to arrive.
 */
export async function waitForMail(email: string, subject: RegExp, seconds = 20): Promise<StoredMail> {
  for (let i = 0; i < seconds * 5; i++) {
    const { emails } = (await (await fetch(`${process.env.SES_URL}/store`)).json()) as { emails: StoredMail[] };
    const mine = emails.filter((m) => m.destination.to.includes(email) && subject.test(m.subject));
    if (mine.length) return mine[mine.length - 1];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail matching ${subject} reached ${email}`);
}

/** The balance a receipt states ('Your balance is now 1,166 points.'), as a number. */
export const mailedBalance = (mail: StoredMail) => {
  const stated = /Your balance is now ([\d,]+) points/.exec(mail.body.text ?? "")?.[1];
  if (!stated) throw new Error(`The mail '${mail.subject}' states no balance`);
  return Number(stated.replace(/,/g, ""));
};

/** The balance the Points page shows under 'Current Balance', as a number. */
export async function shownBalance(page: Page): Promise<number> {
  await page.goto(appUrl("/points"));
  const figure = page.locator("p", { hasText: /^[\d,]+ Points$/ }).first();
  await figure.waitFor();
  return Number((await figure.textContent())!.replace(/[^\d]/g, ""));
}

export const mailCount = async (email: string) => {
  const { emails } = (await (await fetch(`${process.env.SES_URL}/store`)).json()) as { emails: StoredMail[] };
  return emails.filter((m) => m.destination.to.includes(email)).length;
};

/** Closes the one-time welcome dialog if it shows up. */
export async function dismissWelcome(page: Page) {
  const button = page.getByRole("button", { name: "Let's go" });
  if (await button.isVisible().catch(() => false)) await button.click();
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** A signed-in browser context for a user made straight in the table (sign-up has its own test). */
export async function signedInContext(browser: import("playwright-core").Browser, options: { points?: number; roles?: string[] } = {}) {
  const { createTestUser } = await import("../packages/local/src/test/fixtures");
  const user = await createTestUser(options);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  await context.addCookies([{ name: "sb_session", value: user.cookie.split("=")[1], url: process.env.APP_URL! }]);
  // The welcome dialog is covered by the accounts test; keep it out of the way here.
  await context.addInitScript(() => localStorage.setItem("welcomeDismissedAt", String(Date.now())));
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error(`[browser] ${error.message}`));
  return { user, context, page };
}

/** Uploads the project's own short screenplay (in `format`) through the dashboard's dialog and waits for its detail page. */
export async function uploadThroughDialog(page: Page, format: FixtureFormat = "fdx") {
  const { screenplayFile } = await import("../packages/local/src/test/fixtures");
  await page.goto(new URL("/dashboard", process.env.APP_URL).toString());
  await page.getByRole("button", { name: "Upload Screenplay" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Upload Screenplay" });
  await dialog.getByTestId("screenplay-file-input").setInputFiles(screenplayFile(format));
  await dialog.getByRole("checkbox").click();
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await dialog.getByLabel("Upload progress").waitFor();
  await page.waitForURL((url) => /^\/screenplays\/[\w-]+$/.test(url.pathname));
  return page.url().split("/").pop()!;
}

/** Screenshots for a person to look at (light, dark, phone width light and dark), when E2E_SCREENSHOTS names a folder. */
export async function screenshots(page: Page, name: string, { phoneWidth = 390 }: { phoneWidth?: number } = {}) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize()!;
  await page.screenshot({ path: `${dir}/${name}.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${dir}/${name}-dark.png` });
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: phoneWidth, height: 844 });
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${dir}/${name}-phone.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${dir}/${name}-phone-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize(size);
}

/** Plays a <video> muted for at least 1.5 s and reports how far it got, so a test can tell a real, playable file from a broken one. */
export async function playBriefly(video: import("playwright-core").Locator) {
  return video.evaluate(async (el) => {
    const v = el as HTMLVideoElement;
    v.muted = true;
    await v.play();
    // At least 1.5 s, and on until a second has played (up to 20 s): beside the integration files the page can
    // take longer than that to buffer, and a fixed wait read 0.35 s once.
    const started = Date.now();
    while (Date.now() - started < 1500 || (v.currentTime < 1 && !v.error && !v.ended && Date.now() - started < 20_000)) await new Promise((r) => setTimeout(r, 100));
    return { time: v.currentTime, duration: v.duration, width: v.videoWidth, error: v.error?.code ?? null };
  });
}

/** The signed-in writer's points balance, as the API answers it (a number, or `{ balance }`). */
export async function pointsBalance(page: Page): Promise<number> {
  const answer = (await (await page.context().request.get(appUrl("/api/points/balance"))).json()) as number | { balance: number };
  return typeof answer === "number" ? answer : answer.balance;
}

/**
 * What a phone would have to scroll sideways to read: elements whose right edge passes the viewport,
 * outside any box that scrolls or clips on its own (a timeline strip, a wide table), and labels cut with '…'.
 */
export async function cutOrOffScreen(page: Page) {
  // No named functions inside: the page gets this body as text, without the bundler's name helpers.
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const el of document.querySelectorAll("body *")) {
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height) continue;
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body && !clipped; p = p.parentElement) {
        clipped = /(auto|scroll|hidden|clip)/.test(getComputedStyle(p).overflowX);
      }
      const text = (el.textContent ?? "").trim().slice(0, 60);
      if (box.right > width + 1 && !clipped) found.push(`off screen: ${el.tagName.toLowerCase()} '${text}'`);
      if (getComputedStyle(el).textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth + 1 && !clipped) found.push(`cut: '${text}'`);
    }
    return found;
  });
}

/** Reads the page again until `target` shows (the render page polls every 10 s; Refresh makes it sooner). */
export async function refreshUntil(page: Page, target: import("playwright-core").Locator, seconds: number) {
  for (let i = 0; i < seconds && !(await target.isVisible()); i++) {
    await page.waitForTimeout(1000);
    const refresh = page.getByRole("button", { name: "Refresh" });
    if (await refresh.isVisible()) await refresh.click();
  }
  await target.waitFor({ timeout: 5000 });
}
