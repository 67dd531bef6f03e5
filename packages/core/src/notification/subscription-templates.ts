/** The subscription e-mails (docs/product.md#subscriptions), sent when the `payment` preference allows. */
import { appLink, greetingName, layout, type MailRecipient, PRODUCT, type RenderedMail, unsubscribeLink } from "./templates";

export type SubscriptionMailKind = "started" | "changed" | "cancelled" | "renewalFailed";

export interface SubscriptionMailInput {
  recipient: MailRecipient;
  kind: SubscriptionMailKind;
  /** "Pro (monthly)". */
  planLabel: string;
  /** For a change: the plan before it. */
  previousPlanLabel?: string;
  /** When the change applies, the access ends, or the next attempt is (ISO); undefined means now. */
  effectiveAt?: string;
  pointsPerMonth?: number;
}

const day = (iso: string) => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));

function content(input: SubscriptionMailInput): { subject: string; paragraphs: string[] } {
  const { kind, planLabel } = input;
  switch (kind) {
    case "started":
      return {
        subject: `Your ${PRODUCT} ${planLabel} subscription has started`,
        paragraphs: [
          `Welcome to ${planLabel}. ${input.pointsPerMonth ? `${input.pointsPerMonth.toLocaleString("en-US")} points were added to your balance, and the same arrive every month while you subscribe.` : ""}`.trim(),
          "Points you buy are priced at your plan's rate, and your renders stay hosted while you subscribe.",
        ],
      };
    case "changed":
      return {
        subject: `Your ${PRODUCT} plan changes to ${planLabel}`,
        paragraphs: [
          input.effectiveAt
            ? `Your plan changes from ${input.previousPlanLabel ?? "your current plan"} to ${planLabel} on ${day(input.effectiveAt)}. Until then nothing changes.`
            : `Your plan changed from ${input.previousPlanLabel ?? "your previous plan"} to ${planLabel} today. The prorated difference was charged to your card.`,
        ],
      };
    case "cancelled":
      return {
        subject: `Your ${PRODUCT} subscription is cancelled`,
        paragraphs: [
          `Your ${planLabel} subscription is cancelled${input.effectiveAt ? ` and ends on ${day(input.effectiveAt)}` : ""}. You will not be charged again.`,
          "The points you have stay yours; the plan's price per page ends with the period.",
        ],
      };
    case "renewalFailed":
      return {
        subject: `We could not renew your ${PRODUCT} subscription`,
        paragraphs: [
          `The payment for your ${planLabel} subscription did not go through.${input.effectiveAt ? ` We will try again on ${day(input.effectiveAt)}.` : ""}`,
          "Please check your card. Until the payment succeeds, no new monthly points are added.",
        ],
      };
  }
}

export function subscriptionMail(input: SubscriptionMailInput): RenderedMail {
  const { subject, paragraphs } = content(input);
  const off = unsubscribeLink(input.recipient.unsubscribeToken, "emailNotifications");
  return {
    ...layout({
      subject,
      paragraphs: [`Hi ${greetingName(input.recipient)},`, ...paragraphs],
      action: { label: "Manage your subscription", url: appLink("/pricing") },
      footer: [
        { text: "Manage your notification settings", url: appLink("/settings") },
        { text: "Stop all notification e-mails", url: off },
      ],
    }),
    headers: { "List-Unsubscribe": `<${off}>` },
  };
}
