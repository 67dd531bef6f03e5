import { promoteRender } from "@storyboard/core/showcase/entries";
import { promoteSchema } from "@storyboard/core/showcase/schema";
import { api } from "../../shared/handler";

export const handler = api({ body: promoteSchema }, async ({ body }) => promoteRender(body));
