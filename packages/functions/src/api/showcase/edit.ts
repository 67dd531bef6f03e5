import { editEntry } from "@storyboard/core/showcase/entries";
import { editSchema } from "@storyboard/core/showcase/schema";
import { api } from "../../shared/handler";

export const handler = api({ body: editSchema }, async ({ body, params }) => editEntry(params.id, body));
