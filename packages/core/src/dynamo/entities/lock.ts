import { Entity } from "electrodb";
import { expiresAt } from "./_shared";

/**
 * A short lease on a named resource (one user's subscription changes:
 * docs/decisions.md#one-subscription-change-at-a-time). Taken with a condition
 * (free, or its holder's lease ran out), released by its holder only;
 * DynamoDB's TTL removes leases a crashed holder left behind.
 */
export const Lock = new Entity({
  model: { entity: "lock", version: "1", service: "storyboard" },
  attributes: {
    name: { type: "string", required: true },
    /** A random token of the holder. */
    owner: { type: "string", required: true },
    /** Epoch milliseconds at which the lease ends and another may take it. */
    leaseEndsAt: { type: "number", required: true },
    /** Epoch seconds, for DynamoDB's TTL. */
    expiresAt,
  },
  indexes: {
    byName: {
      pk: { field: "pk", composite: ["name"] },
      sk: { field: "sk", composite: [] },
    },
  },
});
