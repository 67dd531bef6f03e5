import { generateImageOnDemand } from "@storyboard/core/render/review";
import { generateImageSchema } from "@storyboard/core/render/schema";
import { api } from "../../shared/handler";

export const handler = api({ body: generateImageSchema }, async ({ body }) => generateImageOnDemand(body));
