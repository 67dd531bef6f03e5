import { Entity } from "electrodb";
import { expiresAt, timestamps } from "./_shared";

/**
 * Counts failed logins or resets in a window, for the growing delays (auth/lockout.ts): `email` is the
 * e-mail and client address (`email#address`) or the e-mail alone (the account's own count).
 */
export const FailedAttempt = new Entity({
  model: { entity: "failedAttempt", version: "1", service: "storyboard" },
  attributes: {
    email: { type: "string", required: true },
    type: { type: ["login", "resetPassword"] as const, required: true },
    count: { type: "number", default: 0 },
    windowStartedAt: { type: "number", required: true },
    /** Epoch ms before which the next attempt is refused. */
    lockedUntil: { type: "number" },
    /** Epoch ms the owner was told of this burst of failures (once per window). */
    notifiedAt: { type: "number" },
    expiresAt,
    ...timestamps,
  },
  indexes: {
    byEmail: {
      pk: { field: "pk", composite: ["email"] },
      sk: { field: "sk", composite: ["type"] },
    },
  },
});
