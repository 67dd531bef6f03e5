import { Entity } from "electrodb";
import { expiresAt, timestamps } from "./_shared";

export const Session = new Entity({
  model: { entity: "session", version: "1", service: "storyboard" },
  attributes: {
    /** SHA-256 of the cookie's random token: a leaked table never yields live cookies. */
    sessionId: { type: "string", required: true },
    userId: { type: "string", required: true },
    rememberMe: { type: "boolean", default: false },
    expiresAt: { ...expiresAt, required: true },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: "pk", composite: ["sessionId"] },
      sk: { field: "sk", composite: [] },
    },
    /** A user's sessions, to end the others after a password change. */
    byUser: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["userId"] },
      sk: { field: "gsi1sk", composite: ["sessionId"] },
    },
  },
});
