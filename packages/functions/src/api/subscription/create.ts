import { subscriptionPriceSchema } from "@storyboard/core/billing/schema";
import { subscribe } from "@storyboard/core/billing/subscriptions";
import { api } from "../../shared/handler";
import { requestKeyOf } from "./request-key";

export const handler = api({ body: subscriptionPriceSchema }, async ({ body, event }) => subscribe(body.priceId, requestKeyOf(event)));
