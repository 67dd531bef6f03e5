import { postDecision } from "@storyboard/core/review/reviewer";
import { decisionSchema } from "@storyboard/core/review/schema";
import { api } from "../../shared/handler";
import { reply } from "../../shared/http";
import { clientIp } from "../../shared/ip-limits";

/** POST /api/review/{token}/decision: 'Approve' or 'Request changes', with a note. */
export const handler = api({ body: decisionSchema }, async ({ event, params, body }) =>
  reply(201, { decision: await postDecision(params.token, body, clientIp(event)) }),
);
