import { Entity } from "electrodb";
import { timestamps } from "./_shared";

/** One generated file. Keyed by render, block and kind so a retried task overwrites, never duplicates. */
export const RenderMedia = new Entity({
  model: { entity: "renderMedia", version: "1", service: "storyboard" },
  attributes: {
    renderJobId: { type: "string", required: true },
    blockId: { type: "string", required: true },
    type: { type: ["image", "audio", "video", "poster", "combined_audio", "project_zip", "storyboard_pdf", "shot_list"] as const, required: true },
    /** Distinguishes extra on-demand images of one block; "main" for the pipeline's own. */
    variant: { type: "string", default: "main", required: true },
    userId: { type: "string", required: true },
    screenplayId: { type: "string", required: true },
    url: { type: "string", required: true },
    duration: { type: "number" },
    ...timestamps,
  },
  indexes: {
    byRender: {
      pk: { field: "pk", composite: ["renderJobId"] },
      sk: { field: "sk", composite: ["type", "blockId", "variant"] },
    },
  },
});
