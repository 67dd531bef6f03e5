import { generateImageOnDemand } from "@storyboard/core/render/on-demand-image";
import { generateImageSchema } from "@storyboard/core/render/schema";
import { api } from "../../shared/handler";

/** Answers the pending frame at once; it is drawn in the background (docs/decisions.md#on-demand-frames). */
export const handler = api({ body: generateImageSchema }, async ({ body }) => generateImageOnDemand(body));
