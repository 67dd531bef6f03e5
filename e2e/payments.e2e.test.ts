import type { Browser, Page } from "playwright-core";
import { fountainScreenplay } from "../packages/functions/src/api/billing/test-support";
import { appUrl, launchBrowser } from "./browser";
import { mailedBalance, pointsBalance, screenshots as shot, shownBalance, signedInContext, waitForMail } from "./support";

/** Card payments in a real browser against the offline Stripe stand-in (docs/product.md#payments). */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function payByCard(page: Page, dialogName: string, number: string, payLabel: string) {
  const overlay = page.getByRole("dialog", { name: dialogName });
  await overlay.getByLabel("Card number").fill(number);
  await overlay.getByLabel("Expiry").fill("12 / 34");
  await overlay.getByLabel("CVC").fill("123");
  await overlay.getByRole("button", { name: payLabel }).click();
  return overlay;
}

describe("payments in a real browser", () => {
  it("buys $20 of points with 4242…, then shows the balance, the ledger row, the payment and the card", async () => {
    const { page, context, user } = await signedInContext(browser, { points: 500 });
    await page.goto(appUrl("/pricing"));
    await page.getByRole("button", { name: "Buy Points" }).click();
    const dialog = page.getByRole("dialog", { name: "Buy Points" });
    await expect.poll(() => dialog.getByLabel("Amount (USD)").inputValue()).toBe("10");
    await expect.poll(() => dialog.getByTestId("points-to-buy").textContent()).toBe("333");
    await dialog.getByRole("button", { name: "$10 more" }).click();
    await expect.poll(() => dialog.getByTestId("points-to-buy").textContent()).toBe("666");
    await shot(page, "buy-points-dialog");
    await dialog.getByRole("button", { name: "Continue to payment" }).click();

    await page.getByRole("dialog", { name: "Buy 666 points" }).getByLabel("Card number").waitFor();
    await shot(page, "payment-overlay");
    await payByCard(page, "Buy 666 points", "4242 4242 4242 4242", "Pay $20.00");
    await page.getByText("Points Purchased").first().waitFor({ timeout: 30_000 });
    await shot(page, "points-purchased");
    expect(await pointsBalance(page)).toBe(1166);

    // The receipt states the balance the Points page shows (issue 23 item 2).
    expect(await shownBalance(page)).toBe(1166);
    expect(mailedBalance(await waitForMail(user.email, /receipt: \$20\.00$/))).toBe(1166);
    const row = page.getByRole("row").filter({ hasText: "Points Purchase" });
    await expect.poll(() => row.textContent()).toContain("+666");
    expect(await row.textContent()).toContain("Purchased 666 points");
    await shot(page, "points");

    await page.goto(appUrl("/billing"));
    const payment = page.getByRole("row").filter({ hasText: "666 points" });
    await payment.waitFor();
    expect(await payment.textContent()).toMatch(/Visa •••• 4242\$20\.00paid/);
    await page.getByText("Expires 12/2034").waitFor();
    await shot(page, "billing");
    await context.close();
  });

  it("shows a declined card's error in the overlay and changes nothing", async () => {
    const { page, context } = await signedInContext(browser, { points: 500 });
    await page.goto(appUrl("/pricing"));
    await page.getByRole("button", { name: "Buy Points" }).click();
    await page.getByRole("dialog", { name: "Buy Points" }).getByRole("button", { name: "Continue to payment" }).click();
    const overlay = await payByCard(page, "Buy 333 points", "4000 0000 0000 0002", "Pay $10.00");
    const alert = overlay.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Payment failed.*declined/);
    await shot(page, "payment-declined");
    await overlay.getByRole("button", { name: "Close" }).click();
    await page.waitForTimeout(1500);
    expect(await pointsBalance(page)).toBe(500);
    await page.goto(appUrl("/billing"));
    await page.getByText("No payment history").waitFor();
    await page.getByText("No payment methods").waitFor();
    await context.close();
  });

  it("buys points with a card that asks for 3-D Secure: the bank's page in the overlay, Complete pays, Fail pays nothing", async () => {
    const { page, context } = await signedInContext(browser, { points: 500 });
    const buy = async () => {
      await page.goto(appUrl("/pricing"));
      await page.getByRole("button", { name: "Buy Points" }).click();
      await page.getByRole("dialog", { name: "Buy Points" }).getByRole("button", { name: "Continue to payment" }).click();
      const overlay = await payByCard(page, "Buy 333 points", "4000 0025 0000 3155", "Pay $10.00");
      await overlay.getByText("Your bank asks you to confirm this payment.").waitFor();
      return overlay.frameLocator('iframe[title="Confirm your payment with your bank"]');
    };

    const failed = await buy();
    await shot(page, "payment-3ds-challenge");
    await failed.getByRole("button", { name: "Fail authentication" }).click();
    const alert = page.getByRole("dialog", { name: "Buy 333 points" }).getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Payment failed.*unable to authenticate/);
    await page.waitForTimeout(1500);
    expect(await pointsBalance(page)).toBe(500);

    const completed = await buy();
    await completed.getByRole("button", { name: "Complete authentication" }).click();
    await page.getByText("Points Purchased").first().waitFor({ timeout: 30_000 });
    await expect.poll(() => pointsBalance(page), { timeout: 30_000 }).toBe(833);
    await context.close();
  });

  it("takes a screenplay longer than the balance through 'Complete Your Purchase' and starts its render", async () => {
    const { page, context, user } = await signedInContext(browser, { points: 100 });
    await page.goto(appUrl("/dashboard"));
    await page.getByRole("button", { name: "Upload Screenplay" }).first().click();
    const upload = page.getByRole("dialog", { name: "Upload Screenplay" });
    await upload
      .getByTestId("screenplay-file-input")
      .setInputFiles({ name: "Crates.fountain", mimeType: "text/plain", buffer: Buffer.from(fountainScreenplay("Crates", 3)) });
    await upload.getByRole("checkbox").click();
    await upload.getByRole("button", { name: "Upload", exact: true }).click();
    await page.waitForURL((url) => /^\/screenplays\/[\w-]+$/.test(url.pathname));
    const screenplayId = page.url().split("/").pop()!;
    const detail = async () =>
      (await (await context.request.get(appUrl(`/api/screenplays/${screenplayId}`))).json()) as { status: string; pageCount: number };
    await expect.poll(async () => (await detail()).status, { timeout: 60_000 }).toBe("ready");
    const { pageCount } = await detail();

    await page.goto(appUrl(`/prep-render/${screenplayId}`));
    await page.getByTestId("balance-after").getByText("Not enough points").waitFor();
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("Complete Your Purchase").waitFor();
    // The card pays only the points the 100 on the balance lack (docs/decisions.md#a-render-by-card-pays-only-what-is-missing).
    const cost = Math.ceil(pageCount) * 100;
    const price = `$${((cost - 100) * 0.03).toFixed(2)}`;
    await page.getByRole("button", { name: `Pay ${price}` }).waitFor();
    expect(await page.getByTestId("purchase-balance-after").textContent()).toBe("0 points");
    expect(await page.getByTestId("card-pays-what").textContent()).toContain(
      `Your card pays ${price} for the ${(cost - 100).toLocaleString("en-US")} points you are missing.`,
    );
    await shot(page, "complete-your-purchase");
    await page.getByRole("button", { name: `Pay ${price}` }).click();
    await payByCard(page, "Complete Your Purchase", "4242 4242 4242 4242", `Pay ${price}`);
    await page.waitForURL((url) => /^\/renders\/[\w-]+$/.test(url.pathname), { timeout: 30_000 });
    await page.getByText("Payment successful").first().waitFor();
    const renderId = page.url().split("/").pop()!;
    const render = await (await context.request.get(appUrl(`/api/renders/${renderId}`))).json();
    expect(render).toMatchObject({ screenplayId, pointsCharged: cost });
    expect(await pointsBalance(page)).toBe(0);
    // The receipt states the balance after the render took its points: the one the Points page shows (issue 23 item 2).
    expect(await shownBalance(page)).toBe(0);
    expect(mailedBalance(await waitForMail(user.email, new RegExp(`receipt: \\${price.replace(".", "\\.")}$`)))).toBe(0);
    await context.close();
  });
});
