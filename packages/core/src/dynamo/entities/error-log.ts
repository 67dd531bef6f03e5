import { Entity } from "electrodb";
import { timestamps } from "./_shared";

export const ErrorLog = new Entity({
  model: { entity: "errorLog", version: "1", service: "storyboard" },
  attributes: {
    errorLogId: { type: "string", required: true },
    source: { type: "string", required: true },
    errorMessage: { type: "string", required: true },
    userId: { type: "string" },
    renderJobId: { type: "string" },
    screenplayId: { type: "string" },
    blockId: { type: "string" },
    kind: { type: "string" },
    status: { type: ["pending", "retrying", "resolved"] as const, default: "pending", required: true },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: "pk", composite: ["errorLogId"] },
      sk: { field: "sk", composite: [] },
    },
    byRender: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["renderJobId"] },
      sk: { field: "gsi1sk", composite: ["createdAt"] },
    },
  },
});
