import { ownerReply } from "@storyboard/core/review/owner";
import { ownerReplySchema } from "@storyboard/core/review/schema";
import { api } from "../../shared/handler";
import { reply } from "../../shared/http";

/** POST /api/renders/{id}/comments: the owner's reply in a thread. */
export const handler = api({ body: ownerReplySchema }, async ({ params, body }) => reply(201, { comment: await ownerReply(params.id, body) }));
