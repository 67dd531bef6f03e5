import { Entity } from "electrodb";
import { timestamps } from "./_shared";

/** A subscription plan of the catalogue (seeded; prices in cents). */
export const Plan = new Entity({
  model: { entity: "plan", version: "1", service: "storyboard" },
  attributes: {
    planId: { type: "string", required: true },
    list: { type: "string", default: "plans", required: true },
    position: { type: "number", required: true },
    name: { type: "string", required: true },
    monthlyPrice: { type: "number", required: true },
    annualPrice: { type: "number", required: true },
    monthlyPriceId: { type: "string", required: true },
    annualPriceId: { type: "string", required: true },
    pointsPerMonth: { type: "number", required: true },
    /** Shown only to admins (the plan named Test). */
    adminOnly: { type: "boolean", default: false },
    ...timestamps,
  },
  indexes: {
    byList: {
      pk: { field: "pk", composite: ["list"] },
      sk: { field: "sk", composite: ["position", "planId"] },
    },
  },
});
