import { putObject } from "../blob/s3";
import { screenplayKeys } from "../blob/keys";
import { config } from "../config";
import { db } from "../dynamo/service";
import { AppError, isAppError } from "../error";
import { logger } from "../logger";
import { parseScreenplay } from "./parse";
import { parseSettled, readWholeOriginal } from "./parse-deadline";
import { isStoredWhole } from "./records";

/** Seconds of work per page for the render estimate shown before a render starts. */
const RENDER_SECONDS_PER_PAGE = 45;
export const estimateRenderSeconds = (pageCount: number) => pageCount * RENDER_SECONDS_PER_PAGE;

/**
 * Parses an uploaded original into blocks, characters and scenes (run by the
 * uploads bucket's ObjectCreated event). Safe to run twice for the same key.
 */
export async function ingestUploadedScreenplay(key: string) {
  const ids = screenplayKeys.fromOriginal(key);
  if (!ids) {
    logger.warn("Ignoring an object that is not a screenplay original", { key });
    return;
  }
  const { screenplayId, userId } = ids;
  const { data: screenplay } = await db.entities.screenplay.get({ screenplayId }).go();
  if (!screenplay || screenplay.userId !== userId) {
    logger.warn("No screenplay record for an uploaded original", { key });
    return;
  }
  if (screenplay.status === "ready") return;
  await db.entities.screenplay.patch({ screenplayId }).set({ status: "parsing" }).go();
  try {
    const bytes = await readWholeOriginal(key, screenplay.fileSize);
    if (!bytes && !isStoredWhole(screenplay)) {
      // Its upload never stored the file whole: the record stays hidden and the sweeper removes it with its deadline.
      logger.warn("Not parsing an upload whose file is not stored whole", { screenplayId });
      return;
    }
    if (!bytes) throw new AppError("bad_request", "The upload of this screenplay was cut off. Please upload it again.");
    const parsed = parseScreenplay(bytes, screenplay.originalFileName);
    const parsedPath = screenplayKeys.parsed(userId, screenplayId);
    await putObject(config.uploadsBucket, parsedPath, JSON.stringify({ blocks: parsed.blocks }), "application/json");
    await db.entities.screenplay
      .patch({ screenplayId })
      .set({
        status: "ready",
        // Read whole at its recorded size: stored, even if the upload died before saying so.
        fileStored: true,
        parsedPath,
        format: parsed.format,
        pageCount: parsed.pageCount,
        estimatedCost: parsed.estimatedCost,
        estimatedRenderTime: estimateRenderSeconds(parsed.pageCount),
        characterDictionary: parsed.characterDictionary,
        sceneDictionary: parsed.sceneDictionary,
        blockCount: parsed.blocks.length,
        ...(parsed.writer ? { writer: parsed.writer } : {}),
      })
      .remove(parsed.writer ? ["failureReason"] : ["failureReason", "writer"])
      .go();
    await parseSettled(screenplayId);
  } catch (error) {
    logger.error("Screenplay parse failed", { screenplayId, error: error as Error });
    const reason = isAppError(error) ? error.message : "We could not read this screenplay. Please try uploading it again.";
    await db.entities.screenplay.patch({ screenplayId }).set({ status: "failed", failureReason: reason }).go();
    await parseSettled(screenplayId);
  }
}
