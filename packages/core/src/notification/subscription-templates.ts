/**
 * The subscription e-mails (docs/product.md#subscriptions), sent when the `payment` preference allows.
 * Each states the money it is about; the first invoice's mail is its receipt (receipt-templates.ts).
 */
import { formatMoney } from "./receipt-templates";
import { appLink, greetingName, layout, type MailRecipient, notificationParts, PRODUCT, type RenderedMail, unsubscribeLink } from "./templates";

export type SubscriptionMailKind = "changed" | "cancelled" | "renewalFailed";

export interface SubscriptionMailInput {
  recipient: MailRecipient;
  kind: SubscriptionMailKind;
  /** "Pro (monthly)". */
  planLabel: string;
  /** For a change: the plan before it. */
  previousPlanLabel?: string;
  /** When the change applies, the access ends, or the next attempt is (ISO); undefined means now. */
  effectiveAt?: string;
  /**
   * Cents: for an upgrade what was charged now; for a change later the new plan's price per period;
   * for a cancellation the price no longer charged; for a failed renewal the amount due.
   */
  amount?: number;
  /** "month" or "year": the period `amount` is for, where it recurs. */
  per?: "month" | "year";
}

const day = (iso: string) => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));

function content(input: SubscriptionMailInput): { subject: string; paragraphs: string[] } {
  const { kind, planLabel } = input;
  const money = input.amount !== undefined ? formatMoney(input.amount, "usd") : undefined;
  const recurring = money && input.per ? `${money} a ${input.per}` : money;
  switch (kind) {
    case "changed":
      return {
        subject: `Your ${PRODUCT} plan changes to ${planLabel}`,
        paragraphs: [
          input.effectiveAt
            ? `Your plan changes from ${input.previousPlanLabel ?? "your current plan"} to ${planLabel} on ${day(input.effectiveAt)}. Until then nothing changes${recurring ? `; from then you pay ${recurring}` : ""}.`
            : `Your plan changed from ${input.previousPlanLabel ?? "your previous plan"} to ${planLabel} today. ${money ? `The prorated difference, ${money}, was charged to your card; its receipt follows.` : "No charge was needed for this change."}`,
        ],
      };
    case "cancelled":
      return {
        subject: `Your ${PRODUCT} subscription is cancelled`,
        paragraphs: [
          `Your ${planLabel} subscription is cancelled${input.effectiveAt ? ` and ends on ${day(input.effectiveAt)}` : ""}. You will not be charged again${recurring ? ` (it was ${recurring})` : ""}.`,
          "The points you have stay yours; the plan's price per page ends with the period.",
        ],
      };
    case "renewalFailed":
      return {
        subject: `We could not renew your ${PRODUCT} subscription`,
        paragraphs: [
          `The payment${money ? ` of ${money}` : ""} for your ${planLabel} subscription did not go through.${input.effectiveAt ? ` We will try again on ${day(input.effectiveAt)}.` : ""}`,
          "Please check your card. Until the payment succeeds, no new monthly points are added.",
        ],
      };
  }
}

export function subscriptionMail(input: SubscriptionMailInput): RenderedMail {
  const { subject, paragraphs } = content(input);
  const { footer, headers } = notificationParts(input.recipient, "emailNotifications", [
    { text: "Stop all notification e-mails", url: unsubscribeLink(input.recipient.unsubscribeToken, "emailNotifications") },
  ]);
  return {
    ...layout({
      subject,
      paragraphs: [`Hi ${greetingName(input.recipient)},`, ...paragraphs],
      action: { label: "Manage your subscription", url: appLink("/pricing") },
      footer,
    }),
    headers,
  };
}
