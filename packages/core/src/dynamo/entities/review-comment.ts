import { Entity } from "electrodb";
import { timestamps } from "./_shared";

/**
 * A comment left through a review link, or the owner's reply in its thread.
 * Anchored to its block by the block's content key (review/carry.ts), so it
 * follows the block into later renders of the same screenplay.
 */
export const ReviewComment = new Entity({
  model: { entity: "reviewComment", version: "1", service: "storyboard" },
  attributes: {
    commentId: { type: "string", required: true },
    linkId: { type: "string", required: true },
    /** The render commented on, its owner and screenplay. */
    renderJobId: { type: "string", required: true },
    userId: { type: "string", required: true },
    screenplayId: { type: "string", required: true },
    parentId: { type: "string" },
    blockId: { type: "string" },
    /** The block's content key (type, speaker and words) and its place in the render, at comment time. */
    blockKey: { type: "string" },
    blockIndex: { type: "number" },
    atMs: { type: "number" },
    /** How far into its block the time was: kept when the comment is shown on a later render. */
    offsetMs: { type: "number" },
    name: { type: "string", required: true },
    text: { type: "string", required: true },
    author: { type: ["reviewer", "owner"] as const, required: true },
    resolved: { type: "boolean", default: false },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: "pk", composite: ["commentId"] },
      sk: { field: "sk", composite: [] },
    },
    byLink: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["linkId"] },
      sk: { field: "gsi1sk", composite: ["createdAt", "commentId"] },
    },
    /** Every comment on the screenplay's renders: the owner sees earlier renders' comments on a later one. */
    byScreenplay: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["screenplayId"] },
      sk: { field: "gsi2sk", composite: ["createdAt", "commentId"] },
    },
  },
});
