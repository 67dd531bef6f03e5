import { subscriptionPriceSchema } from "@storyboard/core/billing/schema";
import { subscribe } from "@storyboard/core/billing/subscriptions";
import { api } from "../../shared/handler";

export const handler = api({ body: subscriptionPriceSchema }, async ({ body }) => subscribe(body.priceId));
