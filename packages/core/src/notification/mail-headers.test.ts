/**
 * Every template's headers, amounts and balance (docs/decisions.md#e-mail-headers-and-replies):
 * the e-mails a user can switch off carry RFC 8058 one-click unsubscribe headers pointing at
 * the API with the recipient's token; account notices carry none and reply to support.
 */
import { config } from "../config";
import { invoiceReceiptMail, paymentReceiptMail } from "./receipt-templates";
import { failedAttemptsMail, googleLinkedMail } from "./security-templates";
import { subscriptionMail } from "./subscription-templates";
import {
  confirmationCodeMail,
  contactRequestMail,
  emailChangedMail,
  type RenderedMail,
  renderCompleteMail,
  renderFailedMail,
  renderStartedMail,
  unsubscribeLink,
  type UnsubscribeSetting,
  weeklyDigestMail,
} from "./templates";

const recipient = { email: "ada@example.com", fullName: "Ada", username: "ada", unsubscribeToken: "u1.s3cret" };
const render = { id: "r-1", title: "Pilot" };
const payment = { id: "pay-1", amount: 1110, currency: "usd", description: "333 points", method: "Visa •••• 4242", points: 333, kind: "points" as const };
const invoice = {
  id: "in_1",
  number: "ABCD-0002",
  amountPaid: 4950,
  currency: "usd",
  taxes: [] as { label: string; amount: number }[],
  periodStart: "2026-11-26T00:00:00Z",
  periodEnd: "2026-12-26T00:00:00Z",
  hostedUrl: "https://invoice.example/i/in_1",
  billingReason: "subscription_cycle",
};

const optional: Record<string, [RenderedMail, string]> = {
  renderStarted: [renderStartedMail({ recipient, render }), "renderNotifications"],
  renderComplete: [renderCompleteMail({ recipient, render }), "renderNotifications"],
  renderFailed: [renderFailedMail({ recipient, render, refundedPoints: 1700 }), "renderNotifications"],
  weeklyDigest: [weeklyDigestMail({ recipient, screenplaysUploaded: 1, rendersCompleted: [render], points: 3613 }), "weeklyDigest"],
  paymentReceipt: [paymentReceiptMail({ recipient, payment, balance: 946 }), "emailNotifications"],
  invoiceReceipt: [
    invoiceReceiptMail({ recipient, invoice, planLabel: "Pro (monthly)", method: "Visa •••• 4242", pointsCredited: 3000, annual: false, balance: 3613 }),
    "emailNotifications",
  ],
  subscriptionChanged: [subscriptionMail({ recipient, kind: "changed", planLabel: "Studio (monthly)", amount: 2700 }), "emailNotifications"],
  subscriptionCancelled: [subscriptionMail({ recipient, kind: "cancelled", planLabel: "Pro (monthly)", amount: 4950, per: "month" }), "emailNotifications"],
  renewalFailed: [subscriptionMail({ recipient, kind: "renewalFailed", planLabel: "Pro (monthly)", amount: 4950 }), "emailNotifications"],
  contactRequest: [contactRequestMail({ recipient, senderName: "Bo", reasonLabel: "Hiring", message: "Hi" }), "emailNotifications"],
};

const transactional: Record<string, RenderedMail> = {
  confirmationCode: confirmationCodeMail({ code: "123456", purpose: "register", validMinutes: 10 }),
  emailChanged: emailChangedMail({ recipient, newEmail: "new@example.com" }),
  failedAttempts: failedAttemptsMail({ recipient, failures: 5, kind: "login" }),
  googleLinked: googleLinkedMail({ recipient }),
};

describe("e-mail headers", () => {
  it.each(Object.entries(optional))("%s: one-click List-Unsubscribe to the API, and a link to the page in the body", (_, [mail, setting]) => {
    const target = mail.headers?.["List-Unsubscribe"]?.match(/^<(https?:\/\/[^>]+)>$/)?.[1];
    expect(target).toBeDefined();
    const url = new URL(target!);
    expect(url.origin + url.pathname).toBe(`${new URL(config.appUrl).origin}/api/unsubscribe/one-click`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ token: recipient.unsubscribeToken, setting });
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toContain(unsubscribeLink(recipient.unsubscribeToken, setting as UnsubscribeSetting));
    expect(mail.text).toContain(`${config.appUrl}/settings`);
  });

  it.each(Object.entries(transactional))("%s is transactional: no unsubscribe header or link", (_, mail) => {
    expect(mail.headers?.["List-Unsubscribe"]).toBeUndefined();
    expect(mail.text).not.toContain("/unsubscribe?");
  });

  it("account notices that say 'reply to this e-mail' reply to the support address", () => {
    for (const mail of Object.values(transactional)) {
      if (mail.text.includes("reply to this e-mail")) expect(mail.replyTo).toBe(config.supportEmail);
    }
    expect(emailChangedMail({ recipient, newEmail: "n@example.com" }).replyTo).toBe(config.supportEmail);
    expect(googleLinkedMail({ recipient }).text).toContain(config.supportEmail);
  });
});

describe("amounts and balances in e-mails", () => {
  it("the points receipt names the points once and the balance it was given", () => {
    const { text, subject } = paymentReceiptMail({ recipient, payment, balance: 946 });
    expect(subject).toBe("Your Storyboard receipt: $11.10");
    expect(text.match(/333 points/g)).toHaveLength(1);
    expect(text).toContain("333 points were added to your balance. Your balance is now 946 points.");
  });

  it("a render bought by card states the render's points and the balance after it", () => {
    const bought = { ...payment, amount: 5100, description: 'Render of "Pilot" (17 pages)', points: 1700, kind: "render" as const };
    const { text } = paymentReceiptMail({ recipient, payment: bought, balance: 613 });
    expect(text).toContain("Thank you for your payment of $51.00 (Visa •••• 4242).");
    expect(text).toContain(`Render of "Pilot" (17 pages): it paid for the render's 1,700 points. Your balance is now 613 points.`);
  });

  it("a subscription receipt: plan, period, amount, tax line, points, balance and the invoice link", () => {
    const taxed = { ...invoice, amountPaid: 5346, taxes: [{ label: "Tax", amount: 396 }] };
    const mail = invoiceReceiptMail({ recipient, invoice: taxed, planLabel: "Pro (monthly)", method: "Visa •••• 4242", pointsCredited: 3000, annual: false, balance: 3613 });
    expect(mail.subject).toBe("Your Storyboard receipt: $53.46 for Pro (monthly)");
    expect(mail.text).toContain("payment of $53.46 (Visa •••• 4242) for Pro (monthly), for the period November 26, 2026 to December 26, 2026.");
    expect(mail.text).toContain("Tax: $3.96 (included in $53.46)");
    expect(mail.text).toContain("3,000 points were added to your balance. Your balance is now 3,613 points.");
    expect(mail.text).toContain("Invoice number: ABCD-0002");
    expect(mail.text).toContain("View your invoice: https://invoice.example/i/in_1");
    const untaxed = invoiceReceiptMail({ recipient, invoice, planLabel: "Pro (monthly)", method: "card", pointsCredited: 3000, annual: false, balance: 3613 });
    expect(untaxed.text).not.toContain("Tax");
  });

  it("the first invoice welcomes; an annual one says the other months follow; an upgrade is prorated", () => {
    const first = invoiceReceiptMail({
      recipient,
      invoice: { ...invoice, amountPaid: 65790, billingReason: "subscription_create", periodEnd: "2027-11-26T00:00:00Z" },
      planLabel: "Pro (annual)",
      method: "card",
      pointsCredited: 3000,
      annual: true,
      balance: 3500,
    });
    expect(first.subject).toBe("Your Storyboard Pro (annual) subscription has started: receipt for $657.90");
    expect(first.text).toContain("Welcome to Pro (annual).");
    expect(first.text).toContain("3,000 points were added to your balance for the first month; the same arrive each following month of the year.");
    const upgrade = invoiceReceiptMail({
      recipient,
      invoice: { ...invoice, amountPaid: 2250, billingReason: "subscription_update" },
      planLabel: "Studio (monthly)",
      method: "card",
      pointsCredited: 0,
      annual: false,
      balance: 500,
    });
    expect(upgrade.text).toContain("for the change to Studio (monthly) (prorated)");
    expect(upgrade.text).toContain("This payment added no points. Your balance is now 500 points.");
  });

  it("the digest and a refund write points with thousands separators", () => {
    expect(optional.weeklyDigest![0].text).toContain("Your balance is 3,613 points.");
    expect(optional.renderFailed![0].text).toContain("We refunded 1,700 points");
  });
});
