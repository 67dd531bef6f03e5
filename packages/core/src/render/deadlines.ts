/**
 * Deadlines of render phases (docs/decisions.md#hardening): every phase start
 * records by when the phase must have ended; the sweeper fails and refunds a
 * render still active past it. A phase's deadline is its state machine's own
 * time limit plus a grace period, so Step Functions' TIMED_OUT event normally
 * settles it first and the sweeper is the backstop for what no event reports
 * (a start that never happened, a lost event, a killed local process).
 */
import { now } from "../clock";
import { isConditionFailed } from "../dynamo/errors";
import { db } from "../dynamo/service";
import { isActive, type RenderStatus } from "./status";
import { PHASE_TIMEOUT_SECONDS, type Phase } from "./workflow";

/** After the phase's own time limit, how long the sweeper waits before it steps in. */
export const DEADLINE_GRACE_SECONDS = 15 * 60;

/** Review gates wait for the user, not for the pipeline: no deadline applies there. */
export const isPipelineActive = (status: RenderStatus) => isActive(status) && status !== "descriptions_ready";

export const phaseDueAt = (phase: Phase, from = now()) =>
  new Date(from + (PHASE_TIMEOUT_SECONDS[phase] + DEADLINE_GRACE_SECONDS) * 1000).toISOString();

/** Records (or moves) the deadline of a render's current phase. Written BEFORE the phase is started or the status moves. */
export async function setRenderDeadline(renderJobId: string, phase: Phase) {
  await db.entities.deadline.put({ kind: "render", id: renderJobId, dueAt: phaseDueAt(phase), phase }).go();
}

/** Deadlines due by now, oldest first. */
export async function dueDeadlines(kind: "render" | "image", at = now()) {
  const { data } = await db.entities.deadline.query
    .byDue({ kind })
    .lte({ dueAt: new Date(at).toISOString() })
    .go({ pages: "all" });
  return data;
}

/** Removes a deadline, unless a newer phase has moved it meanwhile. */
export async function clearDeadline(kind: "render" | "image", id: string, dueAt: string) {
  await db.entities.deadline
    .delete({ kind, id })
    .where((d, { eq }) => eq(d.dueAt, dueAt))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailed(error)) throw error;
    });
}
