import { reviewMediaUrl } from "@storyboard/core/review/media";
import { REVIEW_MEDIA_KINDS } from "@storyboard/core/review/schema";
import { AppError } from "@storyboard/core/error";
import { api } from "../../shared/handler";
import { reply } from "../../shared/http";

/** GET /api/review/{token}/media/{kind}[/{blockId}]: a redirect to a short-lived signed address of the link's own render's file. */
export const handler = api({}, async ({ params }) => {
  const kind = REVIEW_MEDIA_KINDS.find((k) => k === params.kind);
  if (!kind) throw AppError.notFound("File not found.");
  const { url, maxAge } = await reviewMediaUrl(params.token, kind, params.blockId);
  return reply(302, undefined, { headers: { location: url, "cache-control": `private, max-age=${maxAge}` } });
});
