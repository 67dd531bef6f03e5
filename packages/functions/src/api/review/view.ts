import { reviewView } from "@storyboard/core/review/reviewer";
import { api } from "../../shared/handler";

/** GET /api/review/{token}: the review page's data, by the token alone. */
export const handler = api({}, async ({ params }) => ({ review: await reviewView(params.token) }));
