import { Entity } from "electrodb";
import { IMAGE_REQUEST_STATUSES } from "../../render/types";
import { timestamps } from "./_shared";

/**
 * An on-demand frame the writer asked for (docs/decisions.md#on-demand-frames):
 * written with its charge, pending while it is drawn in the background, then
 * ready (its image appended to the block), failed (refunded) or refused by the
 * image service (refunded; the writer may edit the prompt or take a drawn frame).
 */
export const ImageRequest = new Entity({
  model: { entity: "imageRequest", version: "1", service: "storyboard" },
  attributes: {
    renderJobId: { type: "string", required: true },
    /** The charge's id (render/image-charge.ts). */
    requestId: { type: "string", required: true },
    blockId: { type: "string", required: true },
    userId: { type: "string", required: true },
    prompt: { type: "string", required: true },
    status: { type: IMAGE_REQUEST_STATUSES, required: true, default: "pending" },
    /** The frame's media key, once ready (or drawn instead of a refused one). */
    url: { type: "string" },
    /** What the writer reads on a failed or refused frame. */
    message: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byRender: {
      pk: { field: "pk", composite: ["renderJobId"] },
      sk: { field: "sk", composite: ["requestId"] },
    },
  },
});
