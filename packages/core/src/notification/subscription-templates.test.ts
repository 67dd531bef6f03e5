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
  it("started, cancelled and a failed renewal say what happens next, with an unsubscribe link", () => {
    const started = subscriptionMail({ recipient, kind: "started", planLabel: "Pro (monthly)", pointsPerMonth: 3000 });
    expect(started.text).toContain("3,000 points were added");
    expect(started.headers?.["List-Unsubscribe"]).toContain("setting=emailNotifications");
    expect(
      subscriptionMail({ recipient, kind: "cancelled", planLabel: "Pro (annual)", effectiveAt: "2027-11-24T00:00:00Z" }).text,
    ).toContain("ends on November 24, 2027");
    const failed = subscriptionMail({ recipient, kind: "renewalFailed", planLabel: "Pro (monthly)", effectiveAt: "2026-12-27T00:00:00Z" });
    expect(failed.subject).toBe("We could not renew your Storyboard subscription");
    expect(failed.html).toContain("We will try again on December 27, 2026.");
  });
});
