import { reviewView } from "@storyboard/core/review/reviewer";
import { api } from "../../shared/handler";
import { reviewTokenOf } from "./token";

/** GET /api/review: the review page's data, by the token (in its header) alone. */
export const handler = api({}, async ({ event }) => ({ review: await reviewView(reviewTokenOf(event)) }));
