import { Entity } from "electrodb";
import { timestamps } from "./_shared";

/** A viewer's report of a showcase entry (docs/product.md#showcase); admins review open ones. */
export const ShowcaseReport = new Entity({
  model: { entity: "showcaseReport", version: "1", service: "storyboard" },
  attributes: {
    reportId: { type: "string", required: true },
    showcaseEntryId: { type: "string", required: true },
    userId: { type: "string", required: true },
    reason: { type: "string", required: true },
    message: { type: "string" },
    /** "open" until an admin resolves it; removed then, so the open index stays small (sparse). */
    openState: { type: "string" },
    resolution: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: "pk", composite: ["reportId"] },
      sk: { field: "sk", composite: [] },
    },
    byEntry: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["showcaseEntryId"] },
      sk: { field: "gsi1sk", composite: ["createdAt"] },
    },
    /** Open reports, newest last, for Admin Fixes. */
    open: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["openState"] },
      sk: { field: "gsi2sk", composite: ["createdAt"] },
    },
  },
});
