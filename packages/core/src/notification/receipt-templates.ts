/**
 * Receipts (docs/product.md#payments, docs/product.md#subscriptions): one per
 * card payment and one per paid subscription invoice, sent if the `payment`
 * preference allows. The balance they state is the one the crediting
 * transaction left (docs/decisions.md#e-mails-state-the-balance-their-transaction-left).
 */
import {
  appLink,
  formatPoints,
  greetingName,
  layout,
  type MailRecipient,
  notificationParts,
  PRODUCT,
  type RenderedMail,
  unsubscribeLink,
} from "./templates";

/** "$49.50": cents in the payment's currency. */
export const formatMoney = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);

const day = (iso: string) => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));

function receiptParts(recipient: MailRecipient) {
  return notificationParts(recipient, "emailNotifications", [
    { text: "Stop all notification e-mails", url: unsubscribeLink(recipient.unsubscribeToken, "emailNotifications") },
  ]);
}

export interface PaymentReceiptInput {
  recipient: MailRecipient;
  payment: { id: string; amount: number; currency: string; description: string; method: string; points: number; kind: "points" | "render" };
  /** The balance the payment's own transaction left. */
  balance: number;
}

/** The receipt of a successful card payment (points, or a render bought by card). */
export function paymentReceiptMail({ recipient, payment, balance }: PaymentReceiptInput): RenderedMail {
  const amount = formatMoney(payment.amount, payment.currency);
  const { footer, headers } = receiptParts(recipient);
  // A points purchase's description is "333 points": the sentence names them once.
  const what =
    payment.kind === "points"
      ? `${formatPoints(payment.points)} points were added to your balance`
      : `${payment.description}: it paid for the render's ${formatPoints(payment.points)} points`;
  return {
    ...layout({
      subject: `Your ${PRODUCT} receipt: ${amount}`,
      paragraphs: [
        `Hi ${greetingName(recipient)},`,
        `Thank you for your payment of ${amount} (${payment.method}).`,
        `${what}. Your balance is now ${formatPoints(balance)} points.`,
        `Receipt number: ${payment.id}`,
      ],
      action: { label: "View your billing history", url: appLink("/billing") },
      footer,
    }),
    headers,
  };
}

export interface InvoiceReceiptInput {
  recipient: MailRecipient;
  invoice: {
    id: string;
    /** Stripe's invoice number ("ABCD1234-0001"), when finalized. */
    number: string | null;
    amountPaid: number;
    currency: string;
    /** Each tax line of the invoice (none without tax). */
    taxes: { label: string; amount: number }[];
    periodStart: string;
    periodEnd: string;
    /** Stripe's hosted invoice page. */
    hostedUrl: string | null;
    billingReason: string | null;
  };
  /** "Pro (monthly)". */
  planLabel: string;
  method: string;
  pointsCredited: number;
  /** True for an annual plan's first invoice: its other months are credited monthly. */
  annual: boolean;
  /** The balance the invoice's credit transaction left. */
  balance: number;
}

/** The receipt of one paid subscription invoice; the first one also welcomes the subscriber. */
export function invoiceReceiptMail(input: InvoiceReceiptInput): RenderedMail {
  const { recipient, invoice, planLabel } = input;
  const amount = formatMoney(invoice.amountPaid, invoice.currency);
  const started = invoice.billingReason === "subscription_create";
  const change = invoice.billingReason === "subscription_update";
  const { footer, headers } = receiptParts(recipient);
  const paid = change ? `the change to ${planLabel} (prorated)` : planLabel;
  const points = input.pointsCredited
    ? `${formatPoints(input.pointsCredited)} points were added to your balance${input.annual && !change ? " for the first month; the same arrive each following month of the year" : ""}.`
    : "This payment added no points.";
  return {
    ...layout({
      subject: started
        ? `Your ${PRODUCT} ${planLabel} subscription has started: receipt for ${amount}`
        : `Your ${PRODUCT} receipt: ${amount} for ${planLabel}`,
      paragraphs: [
        `Hi ${greetingName(recipient)},`,
        ...(started ? [`Welcome to ${planLabel}. Points you buy are priced at your plan's rate, and your renders stay hosted while you subscribe.`] : []),
        `Thank you for your payment of ${amount} (${input.method}) for ${paid}, for the period ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}.`,
        ...invoice.taxes.map((t) => `${t.label}: ${formatMoney(t.amount, invoice.currency)} (included in ${amount})`),
        `${points} Your balance is now ${formatPoints(input.balance)} points.`,
        `Invoice number: ${invoice.number ?? invoice.id}`,
      ],
      action: invoice.hostedUrl ? { label: "View your invoice", url: invoice.hostedUrl } : { label: "View your billing history", url: appLink("/billing") },
      footer,
    }),
    headers,
  };
}
