/**
 * The sweeper's half of all-or-nothing uploads (docs/decisions.md#crash-safety):
 * settles parse deadlines that passed. Apart from parse-deadline.ts so that the
 * parse (ingest.ts) and its deadline do not import each other.
 */
import { deleteKeys } from "../blob/s3";
import { now } from "../clock";
import { config } from "../config";
import { db } from "../dynamo/service";
import { logger } from "../logger";
import { clearDeadline, dueDeadlines } from "../render/deadlines";
import { ingestUploadedScreenplay } from "./ingest";
import { PARSE_CUT_OFF_REASON, parseDueAt, storedSize } from "./parse-deadline";
import { isStoredWhole } from "./records";

export async function sweepStalledParses(at = now()) {
  let reparsed = 0;
  let failedParses = 0;
  let removedUploads = 0;
  for (const deadline of await dueDeadlines("parse", at)) {
    const { data: screenplay } = await db.entities.screenplay.get({ screenplayId: deadline.id }).go();
    if (!screenplay || screenplay.status === "ready" || screenplay.status === "failed") {
      await clearDeadline("parse", deadline.id, deadline.dueAt);
      continue;
    }
    const size = await storedSize(screenplay.filePath);
    const neverStoredWhole = !isStoredWhole(screenplay) && size !== screenplay.fileSize;
    if (size === undefined || neverStoredWhole) {
      // The file never arrived whole: the upload did not happen, so neither does its record (nor a cut-off file).
      await db.entities.screenplay.delete({ screenplayId: screenplay.screenplayId }).go();
      if (size !== undefined) await deleteKeys(config.uploadsBucket, [screenplay.filePath]);
      await clearDeadline("parse", deadline.id, deadline.dueAt);
      removedUploads++;
      continue;
    }
    if (!isStoredWhole(screenplay)) {
      // Stored whole, but the upload died before it said so.
      await db.entities.screenplay.patch({ screenplayId: screenplay.screenplayId }).set({ fileStored: true }).go();
    }
    const attempts = (deadline.detail as { attempts?: number } | undefined)?.attempts ?? 0;
    if (attempts < 1) {
      await db.entities.deadline.put({ kind: "parse", id: deadline.id, dueAt: parseDueAt(), detail: { attempts: attempts + 1 } }).go();
      logger.warn("Parsing a screenplay again after its parse was cut off", { screenplayId: screenplay.screenplayId });
      await ingestUploadedScreenplay(screenplay.filePath);
      reparsed++;
      continue;
    }
    await db.entities.screenplay
      .patch({ screenplayId: screenplay.screenplayId })
      .set({ status: "failed", failureReason: PARSE_CUT_OFF_REASON })
      .where(({ status }, { ne }) => ne(status, "ready"))
      .go()
      .catch(() => {});
    await clearDeadline("parse", deadline.id, deadline.dueAt);
    failedParses++;
  }
  return { reparsed, failedParses, removedUploads };
}
