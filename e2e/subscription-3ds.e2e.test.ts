import type { Browser, Page } from "playwright-core";
import { stripe } from "../packages/core/src/billing/stripe";
import { db } from "../packages/core/src/dynamo/service";
import { hasSubscriptionPrices, mailsTo, userOnClock } from "../packages/functions/src/api/billing/test-support";
import { appUrl, launchBrowser } from "./browser";
import { pointsBalance, screenshots, signedInContext } from "./support";

/**
 * 3-D Secure on subscription payments in a real browser, against the Stripe
 * stand-in's challenge page (docs/decisions.md#renewals-that-need-authentication):
 * the first invoice in the payment dialog, and a renewal from the e-mailed link.
 */
const standIn = await hasSubscriptionPrices();
if (!standIn) console.warn("Subscription 3-D Secure browser test skipped: no Stripe stand-in with our plans' prices at STRIPE_API_URL.");

let browser: Browser;
beforeAll(async () => {
  if (standIn) browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const subscriptionStatus = async (page: Page) =>
  ((await (await page.context().request.get(appUrl("/api/user/subscription"))).json()) as { userSubscription: { status: string } | null })
    .userSubscription?.status ?? null;
const bankFrame = (page: Page) => page.frameLocator('iframe[title="Confirm your payment with your bank"]');

async function subscribeWithCard(page: Page, plan: string, number: string, payLabel: string) {
  await page.goto(appUrl("/pricing"));
  await page.getByRole("button", { name: `Subscribe: ${plan}` }).click();
  const overlay = page.getByRole("dialog", { name: `Subscribe to ${plan}` });
  await overlay.getByLabel("Card number").fill(number);
  await overlay.getByLabel("Expiry").fill("12 / 34");
  await overlay.getByLabel("CVC").fill("123");
  await overlay.getByRole("button", { name: payLabel }).click();
  return overlay;
}

describe.skipIf(!standIn)("3-D Secure on subscriptions in a real browser", () => {
  it("the first invoice: a failed challenge subscribes nothing; paying again and completing it starts the plan with its points", async () => {
    const { page, context } = await signedInContext(browser, { points: 0 });
    const overlay = await subscribeWithCard(page, "Pro", "4000 0025 0000 3155", "Pay $76.50");
    await overlay.getByText("Your bank asks you to confirm this payment.").waitFor({ timeout: 30_000 });
    await screenshots(page, "subscribe-3ds-challenge");
    await bankFrame(page).getByRole("button", { name: "Fail authentication" }).click();
    const alert = overlay.getByRole("alert");
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toMatch(/Payment failed.*unable to authenticate/);
    await page.waitForTimeout(1500);
    expect(await pointsBalance(page)).toBe(0);
    expect(await subscriptionStatus(page)).toBeNull();

    // The same dialog, the same invoice: pay again, and this time the bank's page is completed.
    await overlay.getByRole("button", { name: "Pay $76.50" }).click();
    await overlay.getByText("Your bank asks you to confirm this payment.").waitFor({ timeout: 30_000 });
    await bankFrame(page).getByRole("button", { name: "Complete authentication" }).click();
    await page.getByText("Payment successful").first().waitFor({ timeout: 30_000 });
    await page.getByTestId("plan-pro").getByText("Your plan", { exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => pointsBalance(page), { timeout: 30_000 }).toBe(3000);
    expect(await subscriptionStatus(page)).toBe("active");
    await context.close();
  });

  it("a renewal the bank wants confirmed: the e-mailed link's page completes it, the plan is active again with its points", async () => {
    const clocked = await userOnClock();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: "sb_session", value: clocked.user.cookie.split("=")[1], url: process.env.APP_URL! }]);
    await context.addInitScript(() => localStorage.setItem("welcomeDismissedAt", String(Date.now())));
    const page = await context.newPage();
    await subscribeWithCard(page, "Starter", "4242 4242 4242 4242", "Pay $27.00");
    await page.getByText("Payment successful").first().waitFor({ timeout: 30_000 });
    await expect.poll(() => pointsBalance(page), { timeout: 30_000 }).toBe(1000);

    // The card on file now needs authentication on every payment; the period ends.
    const { data: record } = await db.entities.userSubscription.get({ userId: clocked.user.userId }).go();
    const card = await stripe().paymentMethods.attach("pm_card_authenticationRequired", { customer: clocked.customer });
    await stripe().subscriptions.update(record!.subscriptionId, { default_payment_method: card.id });
    await clocked.advance(32);
    await expect.poll(() => subscriptionStatus(page), { timeout: 30_000 }).toBe("past_due");
    let link = "";
    await expect
      .poll(
        async () => {
          const mail = (await mailsTo(clocked.user.email)).find((m) => m.subject === "Confirm your Storyboard subscription payment");
          link = /https?:\/\/\S+\/billing\/confirm-payment\/in_[A-Za-z0-9]+/.exec(mail?.body.text ?? "")?.[0] ?? "";
          return link;
        },
        { timeout: 30_000 },
      )
      .not.toBe("");

    await page.goto(appUrl(new URL(link).pathname));
    await page.getByText("$27.00 for Starter (monthly)").waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Confirm with my bank" }).click();
    await bankFrame(page).getByRole("button", { name: "Complete authentication" }).click();
    await page.getByText("Payment confirmed").waitFor({ timeout: 30_000 });
    await screenshots(page, "renewal-confirmed");
    await expect.poll(() => subscriptionStatus(page), { timeout: 30_000 }).toBe("active");
    await expect.poll(() => pointsBalance(page), { timeout: 30_000 }).toBe(2000);
    await context.close();
  });
});
