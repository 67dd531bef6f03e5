import { cancelSubscription } from "@storyboard/core/billing/subscriptions";
import { api } from "../../shared/handler";

export const handler = api({}, async () => cancelSubscription());
