import { createReviewLink } from "@storyboard/core/review/links";
import { createLinkSchema } from "@storyboard/core/review/schema";
import { api } from "../../shared/handler";
import { reply } from "../../shared/http";

/** POST /api/renders/{id}/review-links: a private review link of the owner's finished render. */
export const handler = api({ body: createLinkSchema }, async ({ params, body }) => reply(201, { link: await createReviewLink(params.id, body) }));
