import { requestKeySchema } from "@storyboard/core/billing/schema";
import { validate } from "@storyboard/core/error";
import { type ApiEvent, header } from "../../shared/http";

/** The client's `Idempotency-Key` for subscribe, change and cancel (docs/decisions.md#subscription-requests-keyed-by-the-client). */
export const requestKeyOf = (event: ApiEvent) => validate(requestKeySchema, header(event, "idempotency-key"));
