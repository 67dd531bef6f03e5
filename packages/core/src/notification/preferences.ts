import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_PREFERENCE_KEYS,
  type NotificationPreferences,
} from "../auth/schema";

/** The notification e-mails the product sends; account e-mails (codes, security notices) always go. */
export type NotificationKind = "renderStarted" | "renderComplete" | "renderFailure" | "payment" | "weeklyDigest" | "marketing";

/** A user's stored preferences with every missing key at its default (true). */
export function completePreferences(stored: Partial<Record<string, boolean>> | undefined | null): NotificationPreferences {
  const out = { ...DEFAULT_NOTIFICATION_PREFERENCES };
  for (const key of NOTIFICATION_PREFERENCE_KEYS) {
    const value = stored?.[key];
    if (typeof value === "boolean") out[key] = value;
  }
  return out;
}

/**
 * Whether a notification of this kind may be e-mailed to the user: the master
 * switch (emailNotifications) first, then the render group switch
 * (renderNotifications) for render mails, then the kind's own preference.
 */
export function shouldNotify(user: { notificationPreferences?: Partial<Record<string, boolean>> | null }, kind: NotificationKind): boolean {
  const p = completePreferences(user.notificationPreferences);
  if (!p.emailNotifications) return false;
  switch (kind) {
    case "renderStarted":
      return p.renderNotifications && p.renderStarted;
    case "renderComplete":
      return p.renderNotifications && p.renderComplete;
    case "renderFailure":
      return p.renderNotifications && p.renderFailure;
    case "payment":
      return p.payment;
    case "weeklyDigest":
      return p.weeklyDigest;
    case "marketing":
      return p.marketingEmails;
  }
}
