import { listPaymentMethods } from "@storyboard/core/billing/payments";
import { api } from "../../shared/handler";

export const handler = api({}, async () => listPaymentMethods());
