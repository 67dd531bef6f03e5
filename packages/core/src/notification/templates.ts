import { config } from "../config";
import { escapeHtml } from "../html";
import { type UnsubscribeSetting, UNSUBSCRIBE_SETTINGS } from "./constants";

export { type UnsubscribeSetting, UNSUBSCRIBE_SETTINGS };

/** What every template renders: a subject and the same message as plain text and HTML. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** Where replies go when not to our no-reply sender (a security notice: the support address). */
  replyTo?: string;
}

export const PRODUCT = "Storyboard";

export interface MailRecipient {
  email: string;
  fullName?: string | null;
  username?: string;
  unsubscribeToken: string;
}

export const appLink = (path: string) => `${config.appUrl.replace(/\/$/, "")}${path}`;

export const unsubscribeLink = (token: string, setting: UnsubscribeSetting) =>
  appLink(`/unsubscribe?${new URLSearchParams({ token, setting }).toString()}`);

/** The address a mail client POSTs `List-Unsubscribe=One-Click` to (RFC 8058): the API behind the site's own origin. */
export const oneClickUnsubscribeUrl = (token: string, setting: UnsubscribeSetting) =>
  appLink(`/api/unsubscribe/one-click?${new URLSearchParams({ token, setting }).toString()}`);

type FooterLine = { text: string; url?: string };

/**
 * The footer and headers of every e-mail that is not transactional
 * (docs/decisions.md#e-mail-headers-and-replies): unsubscribe links to the
 * page, and `List-Unsubscribe` with `List-Unsubscribe-Post` so a mail client's
 * own Unsubscribe button switches `setting` off in one POST.
 */
export function notificationParts(recipient: Pick<MailRecipient, "unsubscribeToken">, setting: UnsubscribeSetting, footer: FooterLine[]) {
  return {
    footer: [...footer, { text: "Manage your notification settings", url: appLink("/settings") }],
    headers: {
      "List-Unsubscribe": `<${oneClickUnsubscribeUrl(recipient.unsubscribeToken, setting)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

export const greetingName = (r: Pick<MailRecipient, "fullName" | "username">) => r.fullName?.trim() || r.username || "there";

interface Layout {
  subject: string;
  /** Paragraphs of plain text; each becomes a <p>. */
  paragraphs: string[];
  /** A prominent code or button. */
  code?: string;
  action?: { label: string; url: string };
  /** Footer lines (unsubscribe links) as [text, url]. */
  footer?: FooterLine[];
}

export function layout({ subject, paragraphs, code, action, footer = [] }: Layout): Omit<RenderedMail, "headers"> {
  const text = [
    ...paragraphs,
    ...(code ? [code] : []),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    "",
    `— The ${PRODUCT} team`,
    ...footer.map((f) => (f.url ? `${f.text}: ${f.url}` : f.text)),
  ].join("\n\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(PRODUCT)}</h1>
${paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5;margin:0 0 16px">${escapeHtml(p)}</p>`).join("\n")}
${code ? `<p style="font-size:32px;letter-spacing:8px;font-weight:bold;text-align:center;margin:24px 0">${escapeHtml(code)}</p>` : ""}
${action ? `<p style="text-align:center;margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#18181b;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>` : ""}
<p style="font-size:13px;color:#71717a;margin:24px 0 0">— The ${escapeHtml(PRODUCT)} team</p>
${footer.map((f) => `<p style="font-size:12px;color:#a1a1aa;margin:8px 0 0">${f.url ? `<a href="${escapeHtml(f.url)}" style="color:#a1a1aa">${escapeHtml(f.text)}</a>` : escapeHtml(f.text)}</p>`).join("\n")}
</div></body></html>`;
  return { subject, text, html };
}

const CODE_TEXTS = {
  register: {
    subject: "confirmation code",
    why: `Enter this code to confirm your e-mail address and finish creating your ${PRODUCT} account.`,
    ignore: "If you did not try to sign up, you can ignore this e-mail.",
  },
  resetPassword: {
    subject: "password reset code",
    why: `Enter this code to reset the password of your ${PRODUCT} account.`,
    ignore: "If you did not ask for a password reset, you can ignore this e-mail; your password stays the same.",
  },
  changeEmail: {
    subject: "code to confirm your new e-mail address",
    why: `Enter this code in ${PRODUCT}'s settings to make this address your account's sign-in e-mail.`,
    ignore: "If you did not ask for this change, you can ignore this e-mail; nothing changes without the code.",
  },
} as const;

/** The 6-digit code for registration, a password reset or a new e-mail address. */
export function confirmationCodeMail(input: { code: string; purpose: keyof typeof CODE_TEXTS; validMinutes: number }): RenderedMail {
  const texts = CODE_TEXTS[input.purpose];
  return layout({
    subject: `Your ${PRODUCT} ${texts.subject}: ${input.code}`,
    paragraphs: [texts.why, `The code expires in ${input.validMinutes} minutes and can be used once.`],
    code: input.code,
    footer: [{ text: texts.ignore }],
  });
}

/** Sent to the previous address after the account's e-mail changes; replies go to support (docs/decisions.md#e-mail-headers-and-replies). */
export function emailChangedMail(input: { recipient: Pick<MailRecipient, "fullName" | "username">; newEmail: string }): RenderedMail {
  return {
    ...layout({
      subject: `Your ${PRODUCT} e-mail address was changed`,
      paragraphs: [
        `Hi ${greetingName(input.recipient)},`,
        `The e-mail address of your ${PRODUCT} account was changed to ${input.newEmail}. From now on, sign in with the new address.`,
        `If you did not make this change, reply to this e-mail or write to ${config.supportEmail} right away.`,
      ],
    }),
    replyTo: config.supportEmail,
  };
}

export function renderParts(recipient: MailRecipient) {
  return notificationParts(recipient, "renderNotifications", [
    { text: "Stop render e-mails", url: unsubscribeLink(recipient.unsubscribeToken, "renderNotifications") },
    { text: "Stop all notification e-mails", url: unsubscribeLink(recipient.unsubscribeToken, "emailNotifications") },
  ]);
}

export interface RenderMailInput {
  recipient: MailRecipient;
  render: { id: string; title: string };
}

export const renderLink = (id: string) => appLink(`/renders/${encodeURIComponent(id)}`);

export function renderStartedMail({ recipient, render }: RenderMailInput): RenderedMail {
  const { footer, headers } = renderParts(recipient);
  return {
    ...layout({
      subject: `Your render "${render.title}" has started`,
      paragraphs: [
        `Hi ${greetingName(recipient)},`,
        `We started rendering "${render.title}". We will e-mail you when it is ready; you can follow its progress meanwhile.`,
      ],
      action: { label: "View render", url: renderLink(render.id) },
      footer,
    }),
    headers,
  };
}

export function renderCompleteMail({ recipient, render }: RenderMailInput): RenderedMail {
  const { footer, headers } = renderParts(recipient);
  return {
    ...layout({
      subject: `Your render "${render.title}" is ready`,
      paragraphs: [
        `Hi ${greetingName(recipient)},`,
        `"${render.title}" is complete. Watch the video and download the poster, audio and project files.`,
      ],
      action: { label: "Watch your storyboard", url: renderLink(render.id) },
      footer,
    }),
    headers,
  };
}

export function renderFailedMail({
  recipient,
  render,
  reason,
  refundedPoints,
}: RenderMailInput & { reason?: string; refundedPoints?: number }): RenderedMail {
  const { footer, headers } = renderParts(recipient);
  return {
    ...layout({
      subject: `Your render "${render.title}" failed`,
      paragraphs: [
        `Hi ${greetingName(recipient)},`,
        `We could not finish rendering "${render.title}".${reason ? ` ${reason}` : ""}`,
        ...(refundedPoints ? [`We refunded ${formatPoints(refundedPoints)} points to your balance.`] : []),
        "You can retry from the render page.",
      ],
      action: { label: "Open the render", url: renderLink(render.id) },
      footer,
    }),
    headers,
  };
}

/** "3,613": every e-mail writes points the same way. */
export const formatPoints = (points: number) => points.toLocaleString("en-US");

export interface WeeklyDigestInput {
  recipient: MailRecipient;
  screenplaysUploaded: number;
  rendersCompleted: { id: string; title: string }[];
  points: number;
}

/** Monday's summary of the past week, for users who keep the weekly digest on. */
export function weeklyDigestMail({ recipient, screenplaysUploaded, rendersCompleted, points }: WeeklyDigestInput): RenderedMail {
  const renders = rendersCompleted.length;
  const { footer, headers } = notificationParts(recipient, "weeklyDigest", [
    { text: "Stop the weekly digest", url: unsubscribeLink(recipient.unsubscribeToken, "weeklyDigest") },
  ]);
  return {
    ...layout({
      subject: `Your week on ${PRODUCT}: ${renders} render${renders === 1 ? "" : "s"} finished`,
      paragraphs: [
        `Hi ${greetingName(recipient)},`,
        `This week you uploaded ${screenplaysUploaded} screenplay${screenplaysUploaded === 1 ? "" : "s"} and ${renders} render${renders === 1 ? "" : "s"} finished.`,
        ...rendersCompleted.slice(0, 5).map((r) => `• ${r.title}: ${renderLink(r.id)}`),
        `Your balance is ${formatPoints(points)} points.`,
      ],
      action: { label: "Open your dashboard", url: appLink("/dashboard") },
      footer,
    }),
    headers,
  };
}

export interface ContactRequestMailInput {
  recipient: MailRecipient;
  senderName: string;
  reasonLabel: string;
  message?: string;
  entry?: { id: string; title: string };
}

/**
 * A viewer's message to a creator (docs/product.md#showcase). Sent from our
 * address with Reply-To set to the sender (by the caller), so the creator
 * answers directly and the sender never learns the creator's address unless
 * they answer. The creator can stop such mail with the master switch.
 */
export function contactRequestMail({ recipient, senderName, reasonLabel, message, entry }: ContactRequestMailInput): RenderedMail {
  const { footer, headers } = notificationParts(recipient, "emailNotifications", [
    { text: "Stop all notification e-mails, including messages from viewers", url: unsubscribeLink(recipient.unsubscribeToken, "emailNotifications") },
  ]);
  return {
    ...layout({
      subject: `${senderName} contacted you about ${entry ? `"${entry.title}"` : `your work on ${PRODUCT}`}`,
      paragraphs: [
        `Hi ${greetingName(recipient)},`,
        `${senderName} saw ${entry ? `your storyboard "${entry.title}"` : "your work"} on ${PRODUCT} and sent you a message.`,
        `Reason: ${reasonLabel}`,
        `Message: ${message?.trim() || "(no message)"}`,
        "Reply to this e-mail to answer them directly. They do not see your e-mail address unless you reply.",
      ],
      ...(entry ? { action: { label: "View your showcase entry", url: appLink(`/showcase/${entry.id}`) } } : {}),
      footer,
    }),
    headers,
  };
}
