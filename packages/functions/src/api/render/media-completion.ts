import { mediaCompletion } from "@storyboard/core/render/generate";
import { getOwnRenderJob } from "@storyboard/core/render/jobs";
import { api } from "../../shared/handler";

export const handler = api({}, async ({ params }) => {
  await getOwnRenderJob(params.id);
  return mediaCompletion(params.id);
});
