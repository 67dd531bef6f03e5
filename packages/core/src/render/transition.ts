import { isConditionFailed } from "../dynamo/errors";
import { db } from "../dynamo/service";
import type { RenderStatus } from "./status";

type JobChanges = Parameters<ReturnType<typeof db.entities.renderJob.patch>["set"]>[0];

/**
 * Moves a render's status only from the statuses the caller expects, in one
 * conditional write. A task that finishes late (its execution was aborted,
 * timed out, or the render was failed meanwhile) then cannot bring a failed
 * and refunded render back to life, and a failure cannot undo a completion.
 * Answers false when the render had moved on.
 */
export async function moveRenderStatus(renderJobId: string, from: readonly RenderStatus[], changes: JobChanges & { status: RenderStatus }) {
  try {
    await db.entities.renderJob
      .patch({ renderJobId })
      .set(changes)
      .where(({ status }, { eq }) => from.map((s) => eq(status, s)).join(" OR "))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
