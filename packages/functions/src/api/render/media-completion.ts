import { mediaCompletion } from "@storyboard/core/render/generate";
import { getOwnPolledRenderJob } from "@storyboard/core/render/jobs";
import { api } from "../../shared/handler";

export const handler = api({ etag: true }, async ({ params }) => {
  return mediaCompletion(await getOwnPolledRenderJob(params.id));
});
