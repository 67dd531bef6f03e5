import { Entity } from "electrodb";
import { timestamps } from "./_shared";

export const FeaturedShowcase = new Entity({
  model: { entity: "featuredShowcase", version: "1", service: "storyboard" },
  attributes: {
    showcaseEntryId: { type: "string", required: true },
    /**
     * Which list: "featured" (the admins' picks) or "held" (entries under a moderation hold,
     * showcase/moderation-hold.ts). Constant partition so a whole list is one query.
     */
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
