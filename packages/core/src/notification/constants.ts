/**
 * The one reading of a user's e-mail switches (docs/decisions.md#one-source-for-e-mail-preferences).
 * What the server sends (`shouldNotify`), what Settings shows and what an
 * unsubscribe link writes all go through these, so they cannot disagree.
 * Browser-safe: the web's Settings imports it.
 */
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_PREFERENCE_KEYS,
  type NotificationPreferenceKey,
  type NotificationPreferences,
} from "../auth/schema";

/** The settings an unsubscribe link can switch off, with the names the page shows (docs/product.md#notifications). */
export const UNSUBSCRIBE_SETTING_NAMES = {
  emailNotifications: "Email Notifications",
  marketingEmails: "Marketing Emails",
  renderNotifications: "Render Notifications",
  weeklyDigest: "Weekly Digest",
} as const satisfies Partial<Record<NotificationPreferenceKey, string>>;
export type UnsubscribeSetting = keyof typeof UNSUBSCRIBE_SETTING_NAMES;
export const UNSUBSCRIBE_SETTINGS = Object.keys(UNSUBSCRIBE_SETTING_NAMES) as UnsubscribeSetting[];

export const isUnsubscribeSetting = (value: string): value is UnsubscribeSetting => value in UNSUBSCRIBE_SETTING_NAMES;

/**
 * The group switches a switch sits under: every e-mail under the master
 * switch, the three render e-mails also under the render switch. A switch is
 * on only when it and all its groups are on.
 */
export const SWITCH_GROUPS: Record<NotificationPreferenceKey, readonly NotificationPreferenceKey[]> = {
  emailNotifications: [],
  renderNotifications: ["emailNotifications"],
  renderStarted: ["emailNotifications", "renderNotifications"],
  renderComplete: ["emailNotifications", "renderNotifications"],
  renderFailure: ["emailNotifications", "renderNotifications"],
  payment: ["emailNotifications"],
  weeklyDigest: ["emailNotifications"],
  marketingEmails: ["emailNotifications"],
};

/** A user's stored preferences with every missing key at its default (true). */
export function completePreferences(stored: Partial<Record<string, boolean>> | undefined | null): NotificationPreferences {
  const out = { ...DEFAULT_NOTIFICATION_PREFERENCES };
  for (const key of NOTIFICATION_PREFERENCE_KEYS) {
    const value = stored?.[key];
    if (typeof value === "boolean") out[key] = value;
  }
  return out;
}

/** Whether the e-mails of `key` go out: the switch and every group it sits under are on. */
export const isSwitchOn = (preferences: NotificationPreferences, key: NotificationPreferenceKey): boolean =>
  preferences[key] && SWITCH_GROUPS[key].every((group) => preferences[group]);

/** The group switch that keeps `key` off, if any (Settings names it beside the switch). */
export const blockingGroup = (preferences: NotificationPreferences, key: NotificationPreferenceKey): NotificationPreferenceKey | undefined =>
  SWITCH_GROUPS[key].find((group) => !preferences[group]);

/** The stored preferences with the given switches changed; Settings and unsubscribe links both write this. */
export function withChanges(stored: Partial<Record<string, boolean>> | undefined | null, changes: Partial<NotificationPreferences>): NotificationPreferences {
  const merged = completePreferences(stored);
  for (const key of NOTIFICATION_PREFERENCE_KEYS) {
    const value = changes[key];
    if (typeof value === "boolean") merged[key] = value;
  }
  return merged;
}
