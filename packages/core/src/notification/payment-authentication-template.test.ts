import { config } from "../config";
import { confirmPaymentPath, paymentAuthenticationMail } from "./payment-authentication-template";

describe("the e-mail of a renewal that needs authentication", () => {
  it("names the amount and the plan and links to the page that completes the invoice's payment", () => {
    const mail = paymentAuthenticationMail({
      recipient: { email: "maya@example.com", fullName: "Maya Reyes", unsubscribeToken: "t" },
      planLabel: "Starter (monthly)",
      amountCents: 2700,
      currency: "usd",
      invoiceId: "in_123",
    });
    expect(mail.subject).toBe("Confirm your Storyboard subscription payment");
    expect(mail.text).toContain("Hi Maya Reyes,");
    expect(mail.text).toContain("confirm the $27.00 payment that renews your Starter (monthly) subscription");
    const link = `${config.appUrl.replace(/\/$/, "")}/billing/confirm-payment/in_123`;
    expect(mail.text).toContain(`Confirm the payment: ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(confirmPaymentPath("in_a/b")).toBe("/billing/confirm-payment/in_a%2Fb");
  });
});
