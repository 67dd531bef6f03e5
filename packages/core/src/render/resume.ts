/**
 * Resume first, refund second (docs/decisions.md#crash-safety). A render whose
 * phase stopped showing progress (a crash, a lost start, a lost event) is
 * started again from the phase it was in: its tasks are idempotent, so the
 * generate phase makes only the assets still missing and the compile redoes
 * only its own files. A render that was resumed too often without finishing,
 * or whose phase cannot start, is failed and refunded once.
 */
import { now } from "../clock";
import { isConditionFailed } from "../dynamo/errors";
import { db } from "../dynamo/service";
import { logger } from "../logger";
import { markRenderFailed } from "./failure";
import type { RenderJobItem } from "./jobs";
import { startPhase } from "./phases";
import type { RenderStatus } from "./status";
import type { Phase } from "./workflow";

/** Resumes one render may get; past them it is failed and refunded (a render that dies each time it runs). */
export const MAX_RESUMES = 3;

/** The phase that moves a render on from each pipeline status. */
const PHASE_OF: Partial<Record<RenderStatus, Phase>> = {
  queued: "describe",
  generating_assets: "generate",
  rendering: "compile",
  compiling: "compile",
};

export type StalledOutcome = "resumed" | "failed" | "left";

/**
 * Settles a render whose deadline passed: resumes it, or fails and refunds it.
 * "left" when it is not in a pipeline status any more (finished, failed, at a review gate).
 */
export async function resumeOrFail(job: RenderJobItem, why: string): Promise<StalledOutcome> {
  const phase = PHASE_OF[job.status];
  if (!phase) return "left";
  const resumes = job.resumeCount ?? 0;
  if (resumes >= MAX_RESUMES) {
    await markRenderFailed(job.renderJobId, { source: "stuck-render-sweeper", message: `${why} It was resumed ${resumes} times already.` });
    return "failed";
  }
  if (!(await claimResume(job, resumes))) return "left";
  try {
    await startPhase(phase, job.renderJobId);
    logger.warn("Render resumed", { renderJobId: job.renderJobId, phase, why });
    return "resumed";
  } catch (error) {
    await markRenderFailed(job.renderJobId, {
      source: "stuck-render-sweeper",
      message: `${why} Its ${phase} phase could not start again: ${(error as Error).message}`,
    });
    return "failed";
  }
}

/** Counts the resume in one conditional write, so two sweepers never resume the same render twice. */
async function claimResume(job: RenderJobItem, resumes: number) {
  try {
    await db.entities.renderJob
      .patch({ renderJobId: job.renderJobId })
      .set({ resumeCount: resumes + 1, resumedAt: new Date(now()).toISOString() })
      .where(
        ({ status, resumeCount }, { eq, notExists }) =>
          `${eq(status, job.status)} AND ${resumes === 0 ? notExists(resumeCount) : eq(resumeCount, resumes)}`,
      )
      .go();
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
