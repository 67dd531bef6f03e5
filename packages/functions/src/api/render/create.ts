import { createRender } from "@storyboard/core/render/create";
import { createRenderSchema } from "@storyboard/core/render/schema";
import { api } from "../../shared/handler";

export const handler = api({ body: createRenderSchema }, async ({ body }) => createRender(body));
