import { postDecision } from "@storyboard/core/review/reviewer";
import { decisionSchema } from "@storyboard/core/review/schema";
import { api } from "../../shared/handler";
import { reply } from "../../shared/http";
import { clientIp } from "../../shared/ip-limits";
import { reviewTokenOf } from "./token";

/** POST /api/review/decision (the token in its header): 'Approve' or 'Request changes', with a note. */
export const handler = api({ body: decisionSchema }, async ({ event, body }) =>
  reply(201, { decision: await postDecision(reviewTokenOf(event), body, clientIp(event)) }),
);
