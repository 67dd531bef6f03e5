import { subscriptionMail } from "./subscription-templates";

const recipient = { email: "jane@example.com", fullName: "Jane Writer", unsubscribeToken: "tok" };

describe("subscription e-mails", () => {
  it("a downgrade names the date it takes effect; an upgrade says it applied today", () => {
    const later = subscriptionMail({
      recipient,
      kind: "changed",
      planLabel: "Starter (monthly)",
      previousPlanLabel: "Pro (monthly)",
      effectiveAt: "2026-12-24T12:00:00Z",
    });
    expect(later.subject).toBe("Your Storyboard plan changes to Starter (monthly)");
    expect(later.text).toContain("from Pro (monthly) to Starter (monthly) on December 24, 2026");
    const now = subscriptionMail({ recipient, kind: "changed", planLabel: "Studio (monthly)", previousPlanLabel: "Pro (monthly)" });
    expect(now.text).toContain("changed from Pro (monthly) to Studio (monthly) today");
  });
  it("cancelled and a failed renewal say what happens next and the money, with an unsubscribe link", () => {
    const cancelled = subscriptionMail({ recipient, kind: "cancelled", planLabel: "Pro (annual)", effectiveAt: "2027-11-24T00:00:00Z", amount: 65790, per: "year" });
    expect(cancelled.text).toContain("ends on November 24, 2027. You will not be charged again (it was $657.90 a year).");
    expect(cancelled.headers?.["List-Unsubscribe"]).toContain("setting=emailNotifications");
    const failed = subscriptionMail({ recipient, kind: "renewalFailed", planLabel: "Pro (monthly)", effectiveAt: "2026-12-27T00:00:00Z", amount: 4950 });
    expect(failed.subject).toBe("We could not renew your Storyboard subscription");
    expect(failed.html).toContain("The payment of $49.50 for your Pro (monthly) subscription did not go through. We will try again on December 27, 2026.");
  });
  it("a change states what was charged now, or what the new plan costs from its date", () => {
    const now = subscriptionMail({ recipient, kind: "changed", planLabel: "Studio (monthly)", previousPlanLabel: "Pro (monthly)", amount: 2700 });
    expect(now.text).toContain("The prorated difference, $27.00, was charged to your card");
    const later = subscriptionMail({ recipient, kind: "changed", planLabel: "Starter (monthly)", effectiveAt: "2026-12-24T12:00:00Z", amount: 2700, per: "month" });
    expect(later.text).toContain("from then you pay $27.00 a month.");
  });
});
