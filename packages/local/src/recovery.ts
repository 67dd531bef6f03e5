/**
 * What `npm start` does once it serves (docs/decisions.md#crash-safety): it
 * settles the work an earlier run left cut off (no execution or request
 * survives the process, so every deadline counts as passed: renders resume,
 * image charges are refunded, parses run again), then runs the scheduled jobs
 * on their schedules and answers `storyboard job NAME` on its control socket.
 */
import { withActor } from "@storyboard/core/actor";
import { sweepStuckWork } from "@storyboard/core/jobs/stuck-work";
import { type ControlHandler, startControlServer } from "./control";
import { findJob, runJob, startScheduler } from "./scheduler";

/** The control socket's answer to `storyboard job NAME`: runs the named job here, in `npm start`'s process. */
export const runJobOnRequest =
  (run: typeof runJob = runJob): ControlHandler =>
  async ({ job: name }) => {
    const job = name ? findJob(name) : undefined;
    if (!job) return { status: 404, body: { message: `Unknown job "${name}".` } };
    return { status: 200, body: (await run(job)) ?? null };
  };

export async function afterRestart(dataDir: string, log: (line: string) => void = console.log) {
  const settled = await withActor({ type: "system", reason: "work cut off by a restart" }, () => sweepStuckWork(undefined, { afterRestart: true }));
  const lines = [
    settled.resumedRenders && `${settled.resumedRenders} render(s) resumed`,
    settled.failedRenders && `${settled.failedRenders} render(s) failed and refunded`,
    settled.refundedImages && `${settled.refundedImages} image charge(s) refunded`,
    settled.reparsed && `${settled.reparsed} screenplay(s) parsed again`,
    settled.removedUploads && `${settled.removedUploads} unfinished upload(s) removed`,
    settled.failedParses && `${settled.failedParses} screenplay(s) failed`,
  ].filter(Boolean);
  if (lines.length) log(`Work cut off by the last stop: ${lines.join(", ")}.`);
  const scheduler = startScheduler({ log });
  const control = await startControlServer(dataDir, runJobOnRequest());
  return {
    stop: () => {
      scheduler.stop();
      control.close();
    },
  };
}
