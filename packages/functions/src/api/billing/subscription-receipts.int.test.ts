/**
 * A receipt per paid subscription invoice (docs/product.md#subscriptions): plan, period, amount,
 * points credited, the balance the credit left and a link to Stripe's hosted invoice, which
 * the stand-in serves. The subscription e-mails state their amounts.
 */
import { eventually } from "@storyboard/local/test/fixtures";
import { balanceOf, call, hasSubscriptionPrices, mailsTo, post, subscribed } from "./test-support";

const standIn = await hasSubscriptionPrices();
if (!standIn) console.warn("Subscription receipt tests skipped: no stand-in with our plans' prices at STRIPE_API_URL.");

const receipts = async (email: string) => (await mailsTo(email)).filter((m) => /receipt/.test(m.subject));
const invoiceLink = (text: string) => text.match(/View your invoice: (\S+)/)?.[1];

describe.skipIf(!standIn)("subscription receipts", () => {
  it("the first invoice, a renewal and an upgrade each get one receipt with the money, the points and the invoice", async () => {
    const { user, advance } = await subscribed("storyboard_starter_monthly", 1000);
    const [first] = await eventually(async () => {
      const found = await receipts(user.email);
      return found.length ? found : undefined;
    });
    expect(first!.subject).toBe("Your Storyboard Starter (monthly) subscription has started: receipt for $27.00");
    expect(first!.body.text).toContain("Thank you for your payment of $27.00 (Visa •••• 4242) for Starter (monthly), for the period ");
    expect(first!.body.text).toContain("1,000 points were added to your balance. Your balance is now 1,000 points.");
    const link = invoiceLink(first!.body.text!);
    expect(link).toBeDefined();
    const page = await fetch(link!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("27.00 USD");

    await advance(32);
    const renewal = await eventually(async () => (await receipts(user.email)).find((m) => m.subject === "Your Storyboard receipt: $27.00 for Starter (monthly)"), 30_000);
    expect(renewal.body.text).toContain("1,000 points were added to your balance. Your balance is now 2,000 points.");
    expect(invoiceLink(renewal.body.text!)).not.toBe(link);

    const estimate = await post(user, "/api/userSubscription/estimate", { priceId: "storyboard_pro_monthly" });
    expect((await call(user, "PUT", "/api/userSubscription", { priceId: "storyboard_pro_monthly", prorationDate: estimate.body.prorationDate })).status).toBe(200);
    const charged = `$${(estimate.body.estimate / 100).toFixed(2)}`;
    const upgrade = await eventually(async () => (await receipts(user.email)).find((m) => m.subject === `Your Storyboard receipt: ${charged} for Pro (monthly)`));
    expect(upgrade.body.text).toContain("for the change to Pro (monthly) (prorated)");
    expect(upgrade.body.text).toContain(`Your balance is now ${(await balanceOf(user)).toLocaleString("en-US")} points.`);
    const changed = (await mailsTo(user.email)).find((m) => m.subject === "Your Storyboard plan changes to Pro (monthly)");
    expect(changed?.body.text).toContain(`The prorated difference, ${charged}, was charged to your card`);
    expect(await receipts(user.email)).toHaveLength(3);
  });
});
