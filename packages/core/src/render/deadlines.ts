/**
 * Deadlines of render phases (docs/decisions.md#crash-safety): every phase start
 * records by when the render must next show progress, and each asset or video
 * segment made moves it on (a heartbeat). The sweeper resumes a render past it
 * (jobs/stuck-work.ts), or fails and refunds one that cannot resume. The limit
 * follows progress, not the phase's length, so a render cut off by a crash,
 * a lost start or a lost event is settled within minutes.
 */
import { now } from "../clock";
import { isConditionFailed } from "../dynamo/errors";
import type { DeadlineKind } from "../dynamo/entities/deadline";
import { db } from "../dynamo/service";
import { isActive, type RenderStatus } from "./status";
import type { Phase } from "./workflow";

/**
 * How long a phase may go without progress before the sweeper steps in: past the longest
 * single task of the phase (TASK_TIMEOUT_SECONDS) with a margin, since only some tasks beat.
 */
export const PROGRESS_LIMIT_SECONDS: Record<Phase, number> = {
  describe: 10 * 60,
  generate: 10 * 60,
  compile: 20 * 60,
};

/** Review gates wait for the user, not for the pipeline: no deadline applies there. */
export const isPipelineActive = (status: RenderStatus) => isActive(status) && status !== "descriptions_ready";

export const phaseDueAt = (phase: Phase, from = now()) => new Date(from + PROGRESS_LIMIT_SECONDS[phase] * 1000).toISOString();

/** Records (or moves) the deadline of a render's current phase. Written BEFORE the phase is started or the status moves. */
export async function setRenderDeadline(renderJobId: string, phase: Phase) {
  await db.entities.deadline.put({ kind: "render", id: renderJobId, dueAt: phaseDueAt(phase), phase }).go();
}

/** A heartbeat: the render made something, so its deadline moves on by the phase's progress limit. */
export const renderHeartbeat = setRenderDeadline;

/** Deadlines due by now, oldest first. */
export async function dueDeadlines(kind: DeadlineKind, at = now()) {
  const { data } = await db.entities.deadline.query
    .byDue({ kind })
    .lte({ dueAt: new Date(at).toISOString() })
    .go({ pages: "all" });
  return data;
}

/** Removes a deadline, unless a newer phase has moved it meanwhile. */
export async function clearDeadline(kind: DeadlineKind, id: string, dueAt: string) {
  await db.entities.deadline
    .delete({ kind, id })
    .where((d, { eq }) => eq(d.dueAt, dueAt))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailed(error)) throw error;
    });
}
