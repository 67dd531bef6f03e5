import { Entity } from "electrodb";
import { timestamps } from "./_shared";

/** A user's current subscription (one per user), kept in sync from the processor's events. */
export const UserSubscription = new Entity({
  model: { entity: "userSubscription", version: "1", service: "storyboard" },
  attributes: {
    userId: { type: "string", required: true },
    subscriptionId: { type: "string", required: true },
    priceId: { type: "string", required: true },
    /** A downgrade waiting for the next period. */
    pendingPriceId: { type: "string" },
    status: { type: "string", required: true },
    currentPeriodEnd: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byUser: {
      pk: { field: "pk", composite: ["userId"] },
      sk: { field: "sk", composite: [] },
    },
    bySubscription: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["subscriptionId"] },
      sk: { field: "gsi1sk", composite: [] },
    },
  },
});
