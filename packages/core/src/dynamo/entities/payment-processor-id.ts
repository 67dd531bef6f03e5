import { Entity } from "electrodb";
import { timestamps } from "./_shared";

/** Maps our ids (a payment, a user) to the processor's (a PaymentIntent, a Customer), both ways. */
export const PaymentProcessorId = new Entity({
  model: { entity: "paymentProcessorId", version: "1", service: "storyboard" },
  attributes: {
    internalId: { type: "string", required: true },
    type: { type: "string", required: true },
    processorName: { type: "string", default: "stripe", required: true },
    externalId: { type: "string", required: true },
    ...timestamps,
  },
  indexes: {
    byInternal: {
      pk: { field: "pk", composite: ["internalId"] },
      sk: { field: "sk", composite: ["processorName", "type"] },
    },
    byExternal: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["processorName", "externalId"] },
      sk: { field: "gsi1sk", composite: [] },
    },
  },
});
