import { deleteKeys, deletePrefix } from "../blob/s3";
import { screenplayKeys } from "../blob/keys";
import { config } from "../config";
import { deleteScreenplayAssets } from "../revision/asset-store";
import { draftKeys } from "../revision/keys";
import { db } from "../dynamo/service";
import { renderSummary } from "../render/jobs";
import { AppError } from "../error";
import { getOwnScreenplay } from "./records";

/** The owner may delete a screenplay that has no renders; its files go with it. */
export async function deleteScreenplay(screenplayId: string) {
  const screenplay = await getOwnScreenplay(screenplayId);
  const { data: renders } = await db.entities.renderJob.query.byScreenplay({ screenplayId }).go({ limit: 1 });
  if (renders.length || (screenplay.renderCount ?? 0) > 0) {
    throw AppError.conflict("A screenplay with renders cannot be deleted.");
  }
  await db.entities.screenplay.delete({ screenplayId }).where(({ renderCount }, { eq, notExists }) => `${notExists(renderCount)} OR ${eq(renderCount, 0)}`).go();
  await deletePrefix(config.uploadsBucket, screenplayKeys.folder(screenplay.userId, screenplayId));
  await deleteKeys(config.uploadsBucket, [screenplayKeys.parsed(screenplay.userId, screenplayId)]);
  // Every revised draft goes with it (docs/decisions.md#revised-drafts).
  await deletePrefix(config.uploadsBucket, draftKeys.folder(screenplay.userId, screenplayId));
  await deleteScreenplayAssets(screenplay.userId, screenplayId);
  return { deleted: screenplayId };
}

/** A screenplay's renders, newest first, for its detail page. */
export async function listScreenplayRenders(screenplayId: string) {
  await getOwnScreenplay(screenplayId);
  const { data } = await db.entities.renderJob.query.byScreenplay({ screenplayId }).go({ pages: "all", order: "desc" });
  return data.map(renderSummary);
}
