import { resolveComment } from "@storyboard/core/review/owner";
import { resolveSchema } from "@storyboard/core/review/schema";
import { api } from "../../shared/handler";

/** POST /api/comments/{id}/resolve: resolves (or reopens) the comment's thread. */
export const handler = api({ body: resolveSchema }, async ({ params, body }) => ({ comment: await resolveComment(params.id, body.resolved) }));
