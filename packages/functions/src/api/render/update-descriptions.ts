import { updateDescriptions } from "@storyboard/core/render/review";
import { updateDescriptionsSchema } from "@storyboard/core/render/schema";
import { api } from "../../shared/handler";

export const handler = api({ body: updateDescriptionsSchema }, async ({ params, body }) => updateDescriptions(params.id, body));
