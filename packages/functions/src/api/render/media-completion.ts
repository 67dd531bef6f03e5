import { mediaCompletion } from "@storyboard/core/render/generate";
import { getOwnRenderJob } from "@storyboard/core/render/jobs";
import { api } from "../../shared/handler";

export const handler = api({ etag: true }, async ({ params }) => {
  return mediaCompletion(await getOwnRenderJob(params.id));
});
