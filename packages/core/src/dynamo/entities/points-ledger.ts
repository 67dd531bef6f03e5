import { Entity } from "electrodb";
import { timestamps } from "./_shared";

export const LEDGER_REASONS = [
  "purchase",
  "render",
  "subscription",
  "refund",
  "referral",
  "signup",
  "image",
  "re-render",
  "dispute",
  "other",
] as const;

/** One signed change of a user's balance; the user item holds the running total. */
export const PointsLedger = new Entity({
  model: { entity: "pointsLedger", version: "1", service: "storyboard" },
  attributes: {
    userId: { type: "string", required: true },
    entryId: { type: "string", required: true },
    delta: { type: "number", required: true },
    reason: { type: LEDGER_REASONS, required: true },
    referenceId: { type: "string" },
    comment: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byUser: {
      pk: { field: "pk", composite: ["userId"] },
      sk: { field: "sk", composite: ["createdAt", "entryId"] },
    },
  },
});
