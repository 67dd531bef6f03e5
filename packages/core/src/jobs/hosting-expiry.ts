import { deletePrefix } from "../blob/s3";
import { renderKeys } from "../blob/keys";
import { isLive } from "../billing/subscription-state";
import { config } from "../config";
import { db } from "../dynamo/service";
import { logger } from "../logger";
import { unpublishRenderEntry } from "../showcase/entries";

/** Generated content is kept one year for accounts without a subscription (docs/product.md#constants, Privacy). */
export const HOSTING_DAYS = 365;

/** A subscription the user still has (billing's one definition, unpaid included) keeps their renders hosted. */
async function hasActiveSubscription(userId: string) {
  const { data } = await db.entities.userSubscription.get({ userId }).go();
  return isLive(data?.status);
}

/**
 * Removes the files of renders completed more than a year ago whose owner has
 * no active subscription, and marks them expired. Subscribers' renders stay
 * while they subscribe (they are looked at again on the next run).
 */
export async function expireHostedRenders(now = Date.now()) {
  const cutoff = new Date(now - HOSTING_DAYS * 24 * 3600 * 1000).toISOString();
  const { data: candidates } = await db.entities.renderJob.query
    .byHosting({ hostingState: "hosted" })
    .lt({ completedAt: cutoff })
    .go({ pages: "all" });
  const subscribers = new Map<string, boolean>();
  let expired = 0;
  for (const job of candidates) {
    if (!subscribers.has(job.userId)) subscribers.set(job.userId, await hasActiveSubscription(job.userId));
    if (subscribers.get(job.userId)) continue;
    await deletePrefix(config.mediaBucket, renderKeys.folder(job.userId, job.renderJobId));
    await db.entities.renderJob
      .patch({ renderJobId: job.renderJobId })
      .set({ hostingExpiredAt: new Date(now).toISOString() })
      .remove(["hostingState", "outputFilePath", "posterImagePath", "combinedAudioPath", "projectZipPath", "storyboardPdfPath", "shotListPath"])
      .go();
    // Its showcase entry, if any, would point at files that are gone (docs/product.md#showcase).
    await unpublishRenderEntry(job.renderJobId);
    expired += 1;
  }
  logger.info("Hosting expiry done", { candidates: candidates.length, expired });
  return { candidates: candidates.length, expired };
}
