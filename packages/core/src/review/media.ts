/**
 * The review page's media, through the token (docs/decisions.md#review-links):
 * each is a redirect to a presigned GET that ends within 10 minutes, and only
 * for files of the link's own render. A revoked link stops serving at once;
 * an address already handed out works until it ends.
 */
import { AppError } from "../error";
import { db } from "../dynamo/service";
import { hasMedia } from "../render/jobs";
import { attachment, presignMediaGet } from "../render/media-access";
import { openReview } from "./reviewer";
import type { ReviewMediaKind } from "./schema";

/** Signed per 2-minute window for 5 minutes, so views in a window share one address (and the browser's cache). */
export const REVIEW_MEDIA = { windowSeconds: 2 * 60, lifetimeSeconds: 5 * 60, redirectMaxAge: 60 };

const NOT_FOUND = "File not found.";

export async function reviewMediaUrl(token: string, kind: ReviewMediaKind, blockId?: string): Promise<{ url: string; maxAge: number }> {
  const { link, job } = await openReview(token);
  let key: string | undefined;
  let download: string | undefined;
  if (kind === "video") key = job.outputFilePath;
  if (kind === "poster") key = job.posterImagePath;
  if (kind === "download" && link.allowDownload) {
    key = job.outputFilePath;
    download = `${job.title.replace(/[\\/:*?"<>|]+/g, " ").trim() || "storyboard"}.mp4`;
  }
  if (kind === "frame" && blockId) {
    const { data: block } = await db.entities.renderBlock.get({ renderJobId: job.renderJobId, blockId }).go();
    key = block && hasMedia(block) ? block.imageUrl?.[0] : undefined;
  }
  if (!key || (kind !== "frame" && blockId)) throw AppError.notFound(NOT_FOUND);
  const windowStart = Math.floor(Date.now() / 1000 / REVIEW_MEDIA.windowSeconds) * REVIEW_MEDIA.windowSeconds;
  const url = await presignMediaGet(key, {
    contentDisposition: download ? attachment(download) : undefined,
    expiresIn: REVIEW_MEDIA.lifetimeSeconds,
    signingDate: new Date(windowStart * 1000),
  });
  return { url, maxAge: REVIEW_MEDIA.redirectMaxAge };
}
