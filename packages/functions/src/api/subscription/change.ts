import { subscriptionChangeSchema } from "@storyboard/core/billing/schema";
import { changeSubscription } from "@storyboard/core/billing/subscriptions";
import { api } from "../../shared/handler";
import { requestKeyOf } from "./request-key";

export const handler = api({ body: subscriptionChangeSchema }, async ({ body, event }) =>
  changeSubscription(body.priceId, body.prorationDate, requestKeyOf(event)),
);
