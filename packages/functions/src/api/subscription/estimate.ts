import { subscriptionPriceSchema } from "@storyboard/core/billing/schema";
import { estimateChange } from "@storyboard/core/billing/subscriptions";
import { api } from "../../shared/handler";

export const handler = api({ body: subscriptionPriceSchema }, async ({ body }) => estimateChange(body.priceId));
