import { purchaseRender } from "@storyboard/core/billing/purchase-render";
import { purchaseRenderSchema } from "@storyboard/core/billing/schema";
import { api } from "../../shared/handler";

export const handler = api({ body: purchaseRenderSchema }, async ({ body }) => purchaseRender(body));
