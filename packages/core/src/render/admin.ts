import { assertAdmin } from "../actor";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { getRenderBlocks, getRenderJob, hasMedia } from "./jobs";
import { startPhase } from "./phases";

/**
 * Admin fix: makes the missing audio of a failed render again and resumes it.
 * The generate phase only makes what is missing, so finished work is kept.
 * The render was refunded when it failed; resuming it does not charge again
 * (the failure was ours).
 */
export async function retryFailedAudio(renderJobId: string) {
  assertAdmin();
  const id = renderJobId.trim();
  if (!id) throw AppError.badRequest("Please enter a render job ID");
  const job = await getRenderJob(id).catch(() => {
    throw AppError.notFound(`No render job has the ID ${id}.`);
  });
  if (job.status !== "failed")
    throw AppError.conflict(`Render ${id} has not failed (it is ${job.status.replace(/_/g, " ")}); nothing to retry.`);
  const missingAudio = (await getRenderBlocks(id)).filter((b) => hasMedia(b) && !b.audioUrl).length;
  const { data: logs } = await db.entities.errorLog.query.byRender({ renderJobId: id }).go({ pages: "all" });
  for (const log of logs.filter((l) => l.status === "pending")) {
    await db.entities.errorLog.patch({ errorLogId: log.errorLogId }).set({ status: "retrying" }).go();
  }
  await db.entities.renderJob
    .patch({ renderJobId: id })
    .set({ status: "generating_assets" })
    .remove(["failureReason"])
    .where(({ status }, { eq }) => eq(status, "failed"))
    .go();
  await startPhase("generate", id);
  return { message: "Failed audio retry process initiated", renderJobId: id, missingAudio };
}
