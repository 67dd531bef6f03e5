import { Entity } from "electrodb";
import { timestamps } from "./_shared";

export const ShowcaseEntry = new Entity({
  model: { entity: "showcaseEntry", version: "1", service: "storyboard" },
  attributes: {
    showcaseEntryId: { type: "string", required: true },
    renderJobId: { type: "string", required: true },
    userId: { type: "string", required: true },
    title: { type: "string", required: true },
    logline: { type: "string" },
    videoUrl: { type: "string" },
    posterUrl: { type: "string" },
    /** The render's aspect (catalog/aspects.ts): the share page's player and card take its shape; absent is 16:9. */
    aspect: { type: "string" },
    thumbnailUrl: { type: "string" },
    genre: { type: "string", required: true },
    subgenres: { type: "list", items: { type: "string" }, default: () => [] },
    tags: { type: "list", items: { type: "string" }, default: () => [] },
    language: { type: "string", default: "English" },
    displayName: { type: "string", required: true },
    isPublic: { type: "boolean", default: true },
    /** Set when an admin unpublished the entry: only an admin lifts it, and while it is set isPublic stays false. */
    heldAt: { type: "string" },
    /** "public" while visible, so the public index holds only visible entries (sparse). */
    visibility: {
      type: "string",
      watch: ["isPublic"],
      set: (_: unknown, item: { isPublic?: boolean }) => (item.isPublic === false ? undefined : "public"),
    },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: "pk", composite: ["showcaseEntryId"] },
      sk: { field: "sk", composite: [] },
    },
    byUser: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["userId"] },
      sk: { field: "gsi1sk", composite: ["createdAt"] },
    },
    /** Every public entry, newest last: the explore page filters these. */
    publicByDate: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["visibility"] },
      sk: { field: "gsi2sk", composite: ["createdAt"] },
    },
  },
});
