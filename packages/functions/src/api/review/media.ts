import { reviewMediaUrl } from "@storyboard/core/review/media";
import { REVIEW_MEDIA_KINDS } from "@storyboard/core/review/schema";
import { AppError } from "@storyboard/core/error";
import { api } from "../../shared/handler";
import { reply } from "../../shared/http";

/**
 * GET /api/review/{token}/media/{video|poster|download} and /media/frame/{blockId}: a redirect to a
 * short-lived signed address of the link's own render's file. One row for all (`{file+}`): every
 * route is a Lambda and the API stack's resources are counted.
 */
export const handler = api({}, async ({ params }) => {
  const [name, blockId, ...rest] = params.file.split("/");
  const kind = REVIEW_MEDIA_KINDS.find((k) => k === name);
  if (!kind || rest.length || (kind === "frame") !== Boolean(blockId)) throw AppError.notFound("File not found.");
  const { url, maxAge } = await reviewMediaUrl(params.token, kind, blockId);
  return reply(302, undefined, { headers: { location: url, "cache-control": `private, max-age=${maxAge}` } });
});
