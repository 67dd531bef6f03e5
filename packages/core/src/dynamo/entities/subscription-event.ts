import { Entity } from "electrodb";
import { timestamps } from "./_shared";

export const SubscriptionEvent = new Entity({
  model: { entity: "subscriptionEvent", version: "1", service: "storyboard" },
  attributes: {
    eventId: { type: "string", required: true },
    userId: { type: "string", required: true },
    eventType: { type: "string", required: true },
    subscriptionId: { type: "string" },
    status: { type: "string" },
    currentPeriodStart: { type: "string" },
    currentPeriodEnd: { type: "string" },
    priceId: { type: "string" },
    rawData: { type: "any" },
    ...timestamps,
  },
  indexes: {
    byUser: {
      pk: { field: "pk", composite: ["userId"] },
      sk: { field: "sk", composite: ["createdAt", "eventId"] },
    },
  },
});
