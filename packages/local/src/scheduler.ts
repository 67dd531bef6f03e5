/**
 * The scheduled jobs on one machine (docs/decisions.md#crash-safety): `npm start`
 * runs every row of the jobs table (core/jobs/schedules.ts) on its EventBridge
 * schedule, calling the same handler module the stack deploys. A run that is
 * still going when its next time comes is not started twice.
 */
import awsCronParser from "aws-cron-parser";
import { SCHEDULED_JOBS, type ScheduledJob } from "@storyboard/core/jobs/schedules";
import { loadHandler } from "./task-modules";

const RATE_UNITS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/**
 * The next time after `after` that an EventBridge schedule expression fires (UTC).
 * `rate(...)` counts from `after`, as EventBridge counts from the rule's creation.
 */
export function nextRun(schedule: string, after: Date): Date {
  const rate = /^rate\((\d+) (minute|hour|day)s?\)$/.exec(schedule);
  if (rate) return new Date(after.getTime() + Number(rate[1]) * RATE_UNITS[rate[2]]);
  const cron = /^cron\((.+)\)$/.exec(schedule);
  if (!cron || cron[1].trim().split(/\s+/).length !== 6) throw new Error(`"${schedule}" is not an EventBridge schedule expression.`);
  const next = awsCronParser.next(awsCronParser.parse(cron[1]), after);
  if (!next) throw new Error(`The schedule "${schedule}" never fires after ${after.toISOString()}.`);
  return next;
}

export const findJob = (name: string): ScheduledJob | undefined => SCHEDULED_JOBS.find((job) => job.name === name);

/** Runs one job now with its deployed handler; answers what the handler answered. */
export async function runJob(job: ScheduledJob): Promise<unknown> {
  const handler = await loadHandler<(event: unknown) => Promise<unknown>>(job.handler);
  return handler({ source: "storyboard.local-scheduler", "detail-type": "Scheduled Event", detail: {} });
}

export interface Scheduler {
  stop: () => void;
}

/** Longest single wait; the timer is re-armed, so a clock change or a long sleep is caught up within this. */
const MAX_WAIT_MS = 60_000;

export function startScheduler(options: { log?: (line: string) => void; jobs?: readonly ScheduledJob[]; run?: typeof runJob } = {}): Scheduler {
  const { log = console.log, jobs = SCHEDULED_JOBS, run = runJob } = options;
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  for (const job of jobs) {
    let due = nextRun(job.schedule, new Date());
    let running = false;
    const arm = () => {
      if (stopped) return;
      const timer = setTimeout(tick, Math.max(0, Math.min(MAX_WAIT_MS, due.getTime() - Date.now())));
      timer.unref();
      timers.add(timer);
    };
    const tick = async () => {
      if (Date.now() < due.getTime()) return arm();
      due = nextRun(job.schedule, new Date());
      arm();
      if (running) return;
      running = true;
      try {
        await run(job);
      } catch (error) {
        log(`Scheduled job ${job.name} failed: ${(error as Error).message}`);
      } finally {
        running = false;
      }
    };
    arm();
  }
  return {
    stop: () => {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
