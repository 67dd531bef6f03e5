/**
 * The e-mail of a subscription payment the bank wants the subscriber to
 * confirm (3-D Secure on a renewal; docs/decisions.md#renewals-that-need-authentication).
 * Its own file: the receipt templates change beside it.
 */
import { appLink, greetingName, layout, type MailRecipient, PRODUCT, type RenderedMail } from "./templates";

export interface PaymentAuthenticationMailInput {
  recipient: MailRecipient;
  /** "Pro (monthly)". */
  planLabel: string;
  /** Integer cents. */
  amountCents: number;
  currency: string;
  invoiceId: string;
}

/** The web page that completes the payment of an invoice (the link in the e-mail). */
export const confirmPaymentPath = (invoiceId: string) => `/billing/confirm-payment/${encodeURIComponent(invoiceId)}`;

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);

export function paymentAuthenticationMail(input: PaymentAuthenticationMailInput): RenderedMail {
  const amount = money(input.amountCents, input.currency);
  return {
    ...layout({
      subject: `Confirm your ${PRODUCT} subscription payment`,
      paragraphs: [
        `Hi ${greetingName(input.recipient)},`,
        `Your bank asks you to confirm the ${amount} payment that renews your ${input.planLabel} subscription.`,
        "Until you confirm it, your subscription is past due and this period's points are not added. It takes a minute: open the page below and follow your bank's steps.",
      ],
      action: { label: "Confirm the payment", url: appLink(confirmPaymentPath(input.invoiceId)) },
      footer: [{ text: "You receive this e-mail because a payment of your subscription is waiting for you." }],
    }),
  };
}
