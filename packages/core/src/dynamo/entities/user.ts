import { Entity } from "electrodb";
import { NOTIFICATION_PREFERENCE_KEYS } from "../../auth/schema";
import { timestamps } from "./_shared";

export const User = new Entity({
  model: { entity: "user", version: "1", service: "storyboard" },
  attributes: {
    userId: { type: "string", required: true },
    username: { type: "string", required: true },
    email: { type: "string", required: true },
    fullName: { type: "string" },
    /** Cognito `sub` (the spec's auth0_id: the external identity id). */
    identityId: { type: "string" },
    usedDemoRender: { type: "boolean", default: false },
    termsAgreedVersion: { type: "string" },
    roles: { type: "list", items: { type: "string" }, default: () => [] },
    timezone: { type: "string", default: "UTC" },
    stripeCustomerId: { type: "string" },
    referralCode: { type: "string", required: true },
    referredBy: { type: "string" },
    /** Points balance; every change also writes a points ledger item. */
    points: { type: "number", required: true, default: 0 },
    /**
     * Points a refund or dispute took back that the balance could not cover
     * (the balance never goes negative); paying with points waits until it is
     * covered (docs/decisions.md#refunds-and-disputes).
     */
    pointsOwed: { type: "number" },
    /** Card disputes opened and not yet closed: the account is flagged for admins while any is open. */
    openDisputes: { type: "number" },
    notificationPreferences: {
      type: "map",
      properties: Object.fromEntries(NOTIFICATION_PREFERENCE_KEYS.map((k) => [k, { type: "boolean", default: true }])) as Record<
        (typeof NOTIFICATION_PREFERENCE_KEYS)[number],
        { type: "boolean"; default: true }
      >,
      default: () => ({}),
    },
    /** When the user closed the dashboard's welcome: it is shown once per account, in any browser (issue 23). */
    welcomeDismissedAt: { type: "string" },
    /** Secret for one-click unsubscribe links. */
    unsubscribeToken: { type: "string", required: true },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: "pk", composite: ["userId"] },
      sk: { field: "sk", composite: [] },
    },
    /** Users ordered by sign-up, for the weekly digest and admin views. */
    all: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: [] },
      sk: { field: "gsi1sk", composite: ["createdAt"] },
    },
  },
});
