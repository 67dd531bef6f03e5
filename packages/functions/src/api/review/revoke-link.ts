import { revokeReviewLink } from "@storyboard/core/review/links";
import { api } from "../../shared/handler";

/** DELETE /api/review-links/{linkId}: the link answers 404 from now on. */
export const handler = api({}, async ({ params }) => ({ link: await revokeReviewLink(params.linkId) }));
