import { ownerComments } from "@storyboard/core/review/owner";
import { api } from "../../shared/handler";

/** GET /api/renders/{id}/comments: every thread on the render, earlier drafts' carried to their block. */
export const handler = api({}, async ({ params }) => ownerComments(params.id));
