import { Entity } from "electrodb";
import { expiresAt } from "./_shared";

/**
 * One counter per rate-limited key (an IP and an action, a sender and an
 * action) and fixed time window; DynamoDB's TTL removes old windows.
 */
export const RateLimit = new Entity({
  model: { entity: "rateLimit", version: "1", service: "storyboard" },
  attributes: {
    key: { type: "string", required: true },
    /** Epoch seconds at which the window started. */
    windowStart: { type: "number", required: true },
    count: { type: "number", default: 0 },
    expiresAt,
  },
  indexes: {
    byKey: {
      pk: { field: "pk", composite: ["key"] },
      sk: { field: "sk", composite: ["windowStart"] },
    },
  },
});
