import { createRenderPaymentIntent } from "@storyboard/core/billing/payments";
import { renderPaymentIntentSchema } from "@storyboard/core/billing/schema";
import { api } from "../../shared/handler";

export const handler = api({ body: renderPaymentIntentSchema }, async ({ body }) => createRenderPaymentIntent(body));
