/**
 * One source for e-mail preferences (docs/decisions.md#one-source-for-e-mail-preferences):
 * after 'Stop render e-mails' from a real render e-mail, Settings shows 'Render complete' off,
 * and turning the render e-mails back on in Settings brings the mail back.
 */
import type { Browser } from "playwright-core";
import { appUrl, launchBrowser } from "./browser";
import { screenshots, signedInContext } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
}
const mailsTo = async (email: string) => {
  const { emails } = (await (await fetch(`${process.env.SES_URL}/store`)).json()) as { emails: StoredMail[] };
  return emails.filter((m) => m.destination.to.includes(email));
};

describe("e-mail preferences in the browser", () => {
  it("'Stop render e-mails' from a mail turns 'Render complete' off in Settings, and Settings turns it back on", async () => {
    const { user, context, page } = await signedInContext(browser);
    const { notifyRender } = await import("../packages/core/src/render/notify");
    const renderComplete = page.getByRole("switch", { name: "Render complete" });

    await page.goto(appUrl("/settings"));
    await expect.poll(() => renderComplete.getAttribute("aria-checked")).toBe("true");

    // A real render e-mail, as the render's last step sends it.
    expect(await notifyRender("renderComplete", { userId: user.userId, renderJobId: "e2e-render", title: "Night Shift" })).toBe(true);
    const [mail] = (await mailsTo(user.email)).filter((m) => m.subject === 'Your render "Night Shift" is ready');
    const stopLink = /Stop render e-mails: (\S+)/.exec(mail!.body.text ?? "")?.[1];
    expect(stopLink).toBeDefined();

    await page.goto(stopLink!);
    await page.getByText("Unsubscribed Successfully").waitFor();
    await page.getByText("Render Notifications").waitFor();
    await screenshots(page, "preferences-unsubscribed");

    await page.goto(appUrl("/settings"));
    await expect.poll(() => page.getByRole("switch", { name: "All render e-mails" }).getAttribute("aria-checked")).toBe("false");
    expect(await renderComplete.getAttribute("aria-checked")).toBe("false");
    expect(await renderComplete.isDisabled()).toBe(true);
    expect(await page.getByRole("switch", { name: "Payments" }).getAttribute("aria-checked")).toBe("true");
    await screenshots(page, "preferences-render-off");
    expect(await notifyRender("renderComplete", { userId: user.userId, renderJobId: "e2e-render", title: "Night Shift" })).toBe(false);

    await page.getByRole("switch", { name: "All render e-mails" }).click();
    await expect.poll(() => renderComplete.getAttribute("aria-checked")).toBe("true");
    await page.getByRole("button", { name: "Save preferences" }).click();
    await page.getByText("Notification preferences saved").first().waitFor();
    await page.reload();
    await expect.poll(() => renderComplete.getAttribute("aria-checked")).toBe("true");
    expect(await notifyRender("renderComplete", { userId: user.userId, renderJobId: "e2e-render", title: "Night Shift" })).toBe(true);
    await context.close();
  });
});
