import { subscriptionChangeSchema } from "@storyboard/core/billing/schema";
import { changeSubscription } from "@storyboard/core/billing/subscriptions";
import { api } from "../../shared/handler";

export const handler = api({ body: subscriptionChangeSchema }, async ({ body }) => changeSubscription(body.priceId, body.prorationDate));
