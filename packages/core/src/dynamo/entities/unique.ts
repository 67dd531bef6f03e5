import { Entity } from "electrodb";
import { expiresAt, timestamps } from "./_shared";

/**
 * A claim on a unique value (an e-mail, a username, an identity id, the render
 * job of a showcase entry, an idempotency key). Written with the record that
 * owns it in one transaction; `create` fails if the value is taken.
 */
export type UniqueKind =
  "email" | "username" | "identity" | "referralCode" | "showcaseRenderJob" | "featuredShowcase" | "idempotency" | "weeklyDigest";

export const Unique = new Entity({
  model: { entity: "unique", version: "1", service: "storyboard" },
  attributes: {
    kind: { type: "string", required: true },
    value: { type: "string", required: true },
    ownerId: { type: "string", required: true },
    /** Set on claims that only matter for a while (a week's digest); DynamoDB's TTL removes them. */
    expiresAt,
    /** An idempotency key's request (what it asked) and the answer it was given, replayed to a retry. */
    request: { type: "string" },
    answer: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byValue: {
      pk: { field: "pk", composite: ["kind", "value"] },
      sk: { field: "sk", composite: [] },
    },
  },
});
