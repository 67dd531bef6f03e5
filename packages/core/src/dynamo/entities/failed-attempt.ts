import { Entity } from "electrodb";
import { expiresAt, timestamps } from "./_shared";

/** Counts failed logins or resets of an e-mail in a window, for the lockout. */
export const FailedAttempt = new Entity({
  model: { entity: "failedAttempt", version: "1", service: "storyboard" },
  attributes: {
    email: { type: "string", required: true },
    type: { type: ["login", "resetPassword"] as const, required: true },
    count: { type: "number", default: 0 },
    windowStartedAt: { type: "number", required: true },
    lockedUntil: { type: "number" },
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
