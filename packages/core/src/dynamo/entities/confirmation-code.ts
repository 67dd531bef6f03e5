import { Entity } from "electrodb";
import { expiresAt, timestamps } from "./_shared";

/** One live code per e-mail and purpose; a new send replaces it. */
export const ConfirmationCode = new Entity({
  model: { entity: "confirmationCode", version: "1", service: "storyboard" },
  attributes: {
    email: { type: "string", required: true },
    purpose: { type: ["register", "resetPassword", "changeEmail"] as const, required: true },
    /** SHA-256 of the code with the e-mail as salt; the code itself is never stored. */
    codeHash: { type: "string", required: true },
    attempts: { type: "number", default: 0 },
    validUntil: { type: "number", required: true },
    sendCount: { type: "number", default: 1 },
    /** Start of the resend-limit window (epoch ms). */
    windowStartedAt: { type: "number", required: true },
    expiresAt,
    ...timestamps,
  },
  indexes: {
    byEmail: {
      pk: { field: "pk", composite: ["email"] },
      sk: { field: "sk", composite: ["purpose"] },
    },
  },
});
