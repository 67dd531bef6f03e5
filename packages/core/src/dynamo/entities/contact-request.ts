import { Entity } from "electrodb";
import { timestamps } from "./_shared";

export const ContactRequest = new Entity({
  model: { entity: "contactRequest", version: "1", service: "storyboard" },
  attributes: {
    contactRequestId: { type: "string", required: true },
    userId: { type: "string", required: true },
    creatorId: { type: "string", required: true },
    showcaseEntryId: { type: "string" },
    senderEmail: { type: "string", required: true },
    senderName: { type: "string" },
    reason: { type: "string", required: true },
    message: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byCreator: {
      pk: { field: "pk", composite: ["creatorId"] },
      sk: { field: "sk", composite: ["createdAt", "contactRequestId"] },
    },
    bySender: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["userId"] },
      sk: { field: "gsi1sk", composite: ["createdAt"] },
    },
  },
});
