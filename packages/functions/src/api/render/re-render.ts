import { reRender } from "@storyboard/core/render/review";
import { reRenderSchema } from "@storyboard/core/render/schema";
import { api } from "../../shared/handler";

export const handler = api({ body: reRenderSchema }, async ({ body }) => reRender(body.renderJobId));
