import { Entity } from "electrodb";
import { timestamps } from "./_shared";

/** One compile of a render's video (first render or a re-render). */
export const VideoJob = new Entity({
  model: { entity: "videoJob", version: "1", service: "storyboard" },
  attributes: {
    videoJobId: { type: "string", required: true },
    renderJobId: { type: "string", required: true },
    userId: { type: "string", required: true },
    status: { type: ["queued", "processing", "complete", "failed"] as const, default: "queued", required: true },
    ...timestamps,
  },
  indexes: {
    byRender: {
      pk: { field: "pk", composite: ["renderJobId"] },
      sk: { field: "sk", composite: ["videoJobId"] },
    },
  },
});
