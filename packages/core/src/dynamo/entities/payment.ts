import { Entity } from "electrodb";
import { timestamps } from "./_shared";

export const Payment = new Entity({
  model: { entity: "payment", version: "1", service: "storyboard" },
  attributes: {
    paymentId: { type: "string", required: true },
    userId: { type: "string", required: true },
    /** Integer cents. */
    amount: { type: "number", required: true },
    currency: { type: "string", default: "USD" },
    status: { type: "string", required: true },
    paymentMethod: { type: "string" },
    description: { type: "string" },
    /** Points the payment bought (a refund or dispute takes back its share: docs/decisions.md#refunds-and-disputes). */
    points: { type: "number" },
    /** Points taken back so far by refunds, and by an open or lost dispute. */
    pointsRefunded: { type: "number" },
    pointsDisputed: { type: "number" },
    ...timestamps,
  },
  indexes: {
    byUser: {
      pk: { field: "pk", composite: ["userId"] },
      sk: { field: "sk", composite: ["createdAt", "paymentId"] },
    },
    byId: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["paymentId"] },
      sk: { field: "gsi1sk", composite: [] },
    },
  },
});
