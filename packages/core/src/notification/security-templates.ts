/** Account-safety notices to an account's owner (docs/decisions.md#lockout-without-locking-others-out). */
import { config } from "../config";
import { appLink, greetingName, layout, type MailRecipient, PRODUCT, type RenderedMail } from "./templates";

type Recipient = Pick<MailRecipient, "fullName" | "username">;

/** Once per burst of failed sign-ins or reset codes on the account. */
export function failedAttemptsMail(input: { recipient: Recipient; failures: number; kind: "login" | "resetPassword" }): ReturnType<typeof layout> {
  const what = input.kind === "login" ? "failed sign-in attempts" : "wrong password reset codes";
  return layout({
    subject: `Unusual sign-in attempts on your ${PRODUCT} account`,
    paragraphs: [
      `Hi ${greetingName(input.recipient)},`,
      `We saw ${input.failures} ${what} on your ${PRODUCT} account in the last few minutes. The addresses they came from are being slowed down; you can still sign in as usual.`,
      "If this was not you, consider choosing a new password with Forgot password.",
    ],
    action: { label: "Choose a new password", url: appLink("/forgot-password") },
  });
}

/** A Google identity was linked to an existing account (docs/decisions.md#google-sign-in-token-exchange). */
export function googleLinkedMail(input: { recipient: Recipient }): RenderedMail {
  const mail = layout({
    subject: `Google sign-in was linked to your ${PRODUCT} account`,
    paragraphs: [
      `Hi ${greetingName(input.recipient)},`,
      `Someone signed in to your ${PRODUCT} account with a Google account that has your e-mail address, and that Google sign-in is now linked to your account.`,
      `If this was not you, reply to this e-mail or write to ${config.supportEmail} right away, and choose a new password with Forgot password.`,
    ],
    action: { label: "Choose a new password", url: appLink("/forgot-password") },
  });
  // Replies reach support, not the no-reply sender (docs/decisions.md#e-mail-headers-and-replies).
  return { ...mail, replyTo: config.supportEmail };
}
