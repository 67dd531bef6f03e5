import type { Browser, Page } from "playwright-core";
import { hasSubscriptionPrices } from "../packages/functions/src/api/billing/test-support";
import { appUrl, launchBrowser } from "./browser";
import { mailedBalance, pointsBalance, screenshots, signedInContext, waitForMail } from "./support";

/** Against the local Stripe stand-in with our plans' prices; without it this says so and skips. */
const standIn = await hasSubscriptionPrices();
if (!standIn) console.warn("Subscription browser test skipped: no Stripe stand-in with our plans' prices at STRIPE_API_URL.");

let browser: Browser;
beforeAll(async () => {
  if (standIn) browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const planCard = (page: Page, planId: string) => page.getByTestId(`plan-${planId}`);

/** docs/product.md#subscriptions, in a real browser. */
describe.skipIf(!standIn)("subscriptions in a real browser", () => {
  it("subscribes to Pro with 4242…, upgrades to Studio with the estimate, switches to annual, cancels", async () => {
    const { page, context, user } = await signedInContext(browser, { points: 0 });
    await page.goto(appUrl("/pricing"));
    await page.getByRole("button", { name: "Subscribe: Pro" }).click();
    const overlay = page.getByRole("dialog", { name: "Subscribe to Pro" });
    await overlay.getByLabel("Card number").fill("4242 4242 4242 4242");
    await overlay.getByLabel("Expiry").fill("12 / 34");
    await overlay.getByLabel("CVC").fill("123");
    await screenshots(page, "subscribe-overlay");
    await overlay.getByRole("button", { name: "Pay $76.50" }).click();
    await page.getByText("Payment successful").first().waitFor({ timeout: 30_000 });

    // The page polls every 2 s: the plan shows as current, and its points arrive.
    await planCard(page, "pro").getByText("Your plan", { exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => pointsBalance(page), { timeout: 30_000 }).toBe(3000);
    await page.getByTestId("current-plan-summary").getByText("Pro").waitFor();
    // Issue 23 item 5: the paid invoice has its receipt, naming plan, amount, period and the points credited.
    const receipt = await waitForMail(user.email, /Pro .*subscription has started: receipt for \$76\.50$/);
    const text = receipt.body.text ?? "";
    expect(text).toMatch(/Thank you for your payment of \$76\.50 \([^)]+\) for Pro\b/);
    expect(text).toMatch(/for the period [A-Z][a-z]+ \d{1,2}, \d{4} to [A-Z][a-z]+ \d{1,2}, \d{4}\./);
    expect(text).toContain("3,000 points were added to your balance.");
    expect(mailedBalance(receipt)).toBe(3000);

    await page.getByRole("button", { name: "Upgrade: Studio" }).click();
    const upgrade = page.getByRole("dialog", { name: "Upgrade to Studio" });
    const estimate = upgrade.getByTestId("upgrade-estimate");
    await estimate.waitFor();
    expect(await estimate.textContent()).toMatch(/^\$\d+\.\d{2}$/);
    // The points the upgrade credits: the plan difference for the share of the period left (docs/decisions.md#upgrades-credit-what-was-paid-for).
    const credited = Number((await upgrade.getByTestId("upgrade-points").textContent())!.replace(/[^\d]/g, ""));
    expect(credited).toBeGreaterThan(0);
    expect(credited).toBeLessThanOrEqual(2000);
    await screenshots(page, "upgrade-dialog");
    const confirm = upgrade.getByRole("button", { name: "Confirm upgrade" });
    expect(await confirm.isDisabled()).toBe(true);
    await upgrade.getByRole("checkbox").click();
    await confirm.click();
    await page.getByText("Subscription Updated").first().waitFor({ timeout: 30_000 });
    await planCard(page, "studio").getByText("Your plan", { exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => pointsBalance(page), { timeout: 30_000 }).toBe(3000 + credited);

    await page.getByRole("button", { name: "Annual", exact: true }).click();
    await page.getByRole("button", { name: "Upgrade: Studio" }).click();
    const annual = page.getByRole("dialog", { name: "Switch to annual billing" });
    await annual.getByTestId("upgrade-estimate").waitFor();
    // Monthly → annual credits the first annual month less the unused share of this month, which comes back as money.
    const annualCredited = Number((await annual.getByTestId("upgrade-points").textContent())!.replace(/[^\d]/g, ""));
    expect(annualCredited).toBeLessThanOrEqual(5000);
    await annual.getByRole("checkbox").click();
    await annual.getByRole("button", { name: "Confirm upgrade" }).click();
    await page.getByTestId("current-plan-summary").getByText("(annual)").waitFor({ timeout: 30_000 });
    await screenshots(page, "annual-current");

    await page.getByRole("button", { name: "Cancel subscription" }).click();
    const cancel = page.getByRole("dialog", { name: "Cancel your subscription?" });
    const cancelConfirm = cancel.getByRole("button", { name: "Cancel subscription" });
    expect(await cancelConfirm.isDisabled()).toBe(true);
    await cancel.getByRole("checkbox").click();
    await cancelConfirm.click();
    await page.getByText("Subscription Cancelled").first().waitFor({ timeout: 30_000 });
    await screenshots(page, "cancelled");
    await planCard(page, "studio")
      .getByText(/Cancelled: ends on/)
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => pointsBalance(page), { timeout: 30_000 }).toBe(3000 + credited + annualCredited);
    await context.close();
  });
});
