import { cancelSubscription } from "@storyboard/core/billing/subscriptions";
import { api } from "../../shared/handler";
import { requestKeyOf } from "./request-key";

export const handler = api({}, async ({ event }) => cancelSubscription(requestKeyOf(event)));
