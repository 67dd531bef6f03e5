import { postReviewerComment } from "@storyboard/core/review/reviewer";
import { reviewerCommentSchema } from "@storyboard/core/review/schema";
import { api } from "../../shared/handler";
import { reply } from "../../shared/http";
import { clientIp } from "../../shared/ip-limits";
import { reviewTokenOf } from "./token";

/** POST /api/review/comments (the token in its header): a reviewer's comment on a frame, at a time, or a reply. */
export const handler = api({ body: reviewerCommentSchema }, async ({ event, body }) =>
  reply(201, { comment: await postReviewerComment(reviewTokenOf(event), body, clientIp(event)) }),
);
