import { completePreferences, isSwitchOn } from "./constants";

export { completePreferences };

/** The notification e-mails the product sends; account e-mails (codes, security notices) always go. */
export type NotificationKind = "renderStarted" | "renderComplete" | "renderFailure" | "payment" | "weeklyDigest" | "marketing" | "contactRequest" | "reviewActivity";

/**
 * The switch each kind of e-mail reads; a contact request from a viewer sits under the master switch alone;
 * review activity on a render is a render e-mail, under 'All render e-mails' (docs/decisions.md#review-links).
 */
const SWITCH_OF = {
  renderStarted: "renderStarted",
  renderComplete: "renderComplete",
  renderFailure: "renderFailure",
  payment: "payment",
  weeklyDigest: "weeklyDigest",
  marketing: "marketingEmails",
  contactRequest: "emailNotifications",
  reviewActivity: "renderNotifications",
} as const satisfies Record<NotificationKind, string>;

/**
 * Whether a notification of this kind may be e-mailed to the user: its switch
 * and the group switches above it (the master switch emailNotifications, and
 * renderNotifications for render mails), read as Settings shows them
 * (notification/constants.ts).
 */
export function shouldNotify(user: { notificationPreferences?: Partial<Record<string, boolean>> | null }, kind: NotificationKind): boolean {
  return isSwitchOn(completePreferences(user.notificationPreferences), SWITCH_OF[kind]);
}
