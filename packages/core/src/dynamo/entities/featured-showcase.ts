import { Entity } from "electrodb";
import { timestamps } from "./_shared";

export const FeaturedShowcase = new Entity({
  model: { entity: "featuredShowcase", version: "1", service: "storyboard" },
  attributes: {
    showcaseEntryId: { type: "string", required: true },
    /** Constant partition so the whole list is one query. */
    list: { type: "string", default: "featured", required: true },
    ...timestamps,
  },
  indexes: {
    byList: {
      pk: { field: "pk", composite: ["list"] },
      sk: { field: "sk", composite: ["showcaseEntryId"] },
    },
  },
});
