import { signedMediaUrl } from "@storyboard/core/render/media-access";
import { z } from "zod";
import { api } from "../../shared/handler";
import { reply } from "../../shared/http";

const query = z.object({
  /** Save as this name instead of showing the file. */
  download: z.string().trim().min(1).max(255, "The download name must be 255 characters or fewer.").optional(),
});

/**
 * GET /api/media/{key+}: a redirect to a short-lived signed address of the
 * file, for its owner (or anyone, for a public showcase entry's files);
 * 404 otherwise (docs/decisions.md#private-media).
 */
export const handler = api({ query }, async ({ params, query }) => {
  const { url, maxAge } = await signedMediaUrl(params.key, query.download);
  // The address is signed per window: the browser may reuse this answer that long (shorter for public showcase files).
  return reply(302, undefined, { headers: { location: url, "cache-control": `private, max-age=${maxAge}` } });
});
