import { saveImageOrder } from "@storyboard/core/render/review";
import { saveImageOrderSchema } from "@storyboard/core/render/schema";
import { api } from "../../shared/handler";

export const handler = api({ body: saveImageOrderSchema }, async ({ body }) => saveImageOrder(body));
