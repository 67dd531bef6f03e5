import { Entity } from "electrodb";
import { timestamps } from "./_shared";

/** 'Approve' or 'Request changes' from a reviewer; the link keeps the latest, these keep the history. */
export const ReviewDecision = new Entity({
  model: { entity: "reviewDecision", version: "1", service: "storyboard" },
  attributes: {
    decisionId: { type: "string", required: true },
    linkId: { type: "string", required: true },
    renderJobId: { type: "string", required: true },
    decision: { type: ["approved", "changes_requested"] as const, required: true },
    name: { type: "string", required: true },
    note: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byLink: {
      pk: { field: "pk", composite: ["linkId"] },
      sk: { field: "sk", composite: ["createdAt", "decisionId"] },
    },
  },
});
