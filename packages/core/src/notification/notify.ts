import { logger } from "../logger";
import { sendMail } from "./mailer";
import { shouldNotify } from "./preferences";
import { type MailRecipient, renderCompleteMail, renderFailedMail, renderStartedMail } from "./templates";

export type RenderNotificationKind = "renderStarted" | "renderComplete" | "renderFailure";

export interface NotifiableUser extends MailRecipient {
  notificationPreferences?: Partial<Record<string, boolean>> | null;
}

/**
 * E-mails a render notification if the user's preferences allow it. Returns
 * whether a mail went out. A mail failure is logged, never thrown: a render
 * must not fail because its notification could not be sent.
 */
export async function notifyRender(
  user: NotifiableUser,
  kind: RenderNotificationKind,
  render: { id: string; title: string },
  extra: { reason?: string; refundedPoints?: number } = {},
): Promise<boolean> {
  if (!shouldNotify(user, kind)) return false;
  const input = { recipient: user, render };
  const mail =
    kind === "renderStarted" ? renderStartedMail(input) : kind === "renderComplete" ? renderCompleteMail(input) : renderFailedMail({ ...input, ...extra });
  try {
    await sendMail({ to: user.email, ...mail });
    return true;
  } catch (error) {
    logger.error("Render notification not sent", { error: error as Error, kind, renderId: render.id });
    return false;
  }
}
