import { reportEntry } from "@storyboard/core/showcase/reports";
import { reportSchema } from "@storyboard/core/showcase/schema";
import { api } from "../../shared/handler";

export const handler = api({ body: reportSchema }, async ({ body, params }) => reportEntry(params.id, body));
