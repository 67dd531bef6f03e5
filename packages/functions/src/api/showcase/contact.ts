import { contactCreator } from "@storyboard/core/showcase/contact";
import { contactRequestSchema } from "@storyboard/core/showcase/schema";
import { api } from "../../shared/handler";

export const handler = api({ body: contactRequestSchema }, async ({ body }) => contactCreator(body));
