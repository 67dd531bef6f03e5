import { emailChangeRequestSchema, requestEmailChange } from "@storyboard/core/user/email-change";
import { api } from "../../shared/handler";

/** POST /api/user/email-change/code: current password, then a code to the new address. */
export const handler = api({ body: emailChangeRequestSchema }, async ({ body }) => requestEmailChange(body));
