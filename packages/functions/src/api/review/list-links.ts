import { listReviewLinks } from "@storyboard/core/review/links";
import { api } from "../../shared/handler";

/** GET /api/renders/{id}/review-links */
export const handler = api({}, async ({ params }) => ({ links: await listReviewLinks(params.id) }));
