import { REVIEW_TOKEN_HEADER } from "@storyboard/core/review/schema";
import { type ApiEvent, header } from "../../shared/http";

/**
 * The review link's token, from its header (docs/decisions.md#review-links): never a path, which the CDN's
 * and API Gateway's access logs write down. A missing header reads as an unknown token: the same 404.
 */
export const reviewTokenOf = (event: ApiEvent) => header(event, REVIEW_TOKEN_HEADER) ?? "";
