import { receiveStripeEvent } from "@storyboard/core/billing/webhook";
import { api } from "../../shared/handler";
import { bodyText, header } from "../../shared/http";

/** Stripe calls this server to server: no session, no Origin; the signature is the check. */
export const handler = api({ bodyKind: "raw", skipOriginCheck: true }, async ({ event }) =>
  receiveStripeEvent(bodyText(event), header(event, "stripe-signature")),
);
