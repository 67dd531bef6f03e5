import { updateRenderStatus } from "@storyboard/core/render/review";
import { updateStatusSchema } from "@storyboard/core/render/schema";
import { api } from "../../shared/handler";

export const handler = api({ body: updateStatusSchema }, async ({ body }) => updateRenderStatus(body.renderJobId, body.status));
