import { createPointsPaymentIntent } from "@storyboard/core/billing/payments";
import { pointsPurchaseSchema } from "@storyboard/core/billing/schema";
import { api } from "../../shared/handler";

export const handler = api({ body: pointsPurchaseSchema }, async ({ body }) => createPointsPaymentIntent(body.amount));
