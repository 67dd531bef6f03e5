import { Entity } from "electrodb";
import { timestamps } from "./_shared";

/**
 * A private review link of a finished render (docs/decisions.md#review-links).
 * Looked up by the SHA-256 of its token, so the token is never a key (keys
 * reach Contributor Insights and error messages); the token itself is kept
 * for the owner to copy the address again.
 */
export const ReviewLink = new Entity({
  model: { entity: "reviewLink", version: "1", service: "storyboard" },
  attributes: {
    linkId: { type: "string", required: true },
    tokenHash: { type: "string", required: true },
    token: { type: "string", required: true },
    /** The render's owner. */
    userId: { type: "string", required: true },
    renderJobId: { type: "string", required: true },
    screenplayId: { type: "string", required: true },
    name: { type: "string", required: true },
    allowDownload: { type: "boolean", default: false },
    /** ISO; not the table's TTL field: an expired link stays listed as expired. */
    linkExpiresAt: { type: "string" },
    revokedAt: { type: "string" },
    /** The latest decision, for the link list and the render list. */
    decision: {
      type: "map",
      properties: {
        decision: { type: "string", required: true },
        name: { type: "string", required: true },
        note: { type: "string" },
        at: { type: "string", required: true },
      },
    },
    /** The batched owner e-mail (review/mail.ts): when the last went, and when the next is due. */
    mailedAt: { type: "string" },
    mailDueAt: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: "pk", composite: ["linkId"] },
      sk: { field: "sk", composite: [] },
    },
    byToken: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["tokenHash"] },
      sk: { field: "gsi1sk", composite: [] },
    },
    /** An owner's links, per render (begins_with on the render). */
    byOwner: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["userId"] },
      sk: { field: "gsi2sk", composite: ["renderJobId", "createdAt"] },
    },
  },
});
