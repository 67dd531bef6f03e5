import { unsubscribe } from "@storyboard/core/notification/unsubscribe";
import { z } from "zod";
import { api } from "../../shared/handler";

const MISSING = "Invalid unsubscribe link. Missing required parameters.";
const body = z.object({
  token: z.string({ error: MISSING }).trim().min(1, MISSING),
  setting: z.string({ error: MISSING }).trim().min(1, MISSING),
});

/** One-click unsubscribe from an e-mail link: no session, the token identifies the account. */
export const handler = api({ body }, async ({ body }) => unsubscribe(body.token, body.setting));
