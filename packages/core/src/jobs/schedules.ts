/**
 * The scheduled jobs, in one table: the stack turns each into an EventBridge schedule and `npm start`
 * runs the same handlers on the same schedules (docs/architecture.md#shape). Times are UTC.
 */
export interface ScheduledJob {
  /** Command-line and log name (`npx storyboard job NAME`). */
  readonly name: string;
  /** The CloudFormation construct id of its Cron. */
  readonly constructId: string;
  /** The handler module under `packages/functions/src/`, without extension. */
  readonly handler: string;
  /** EventBridge schedule expression: `cron(...)` or `rate(...)`. */
  readonly schedule: string;
  readonly description: string;
  /** Seconds a run may take; a job that runs every few minutes ends before its next run starts. */
  readonly timeoutSeconds: number;
  /** Runs of this job at once on AWS (reserved concurrency): 1, so a run never overlaps another, unless overlapping is harmless. */
  readonly concurrency: number;
  /** Times AWS runs a failed run again before it lands in the job's dead-letter queue. */
  readonly retryAttempts: number;
}

export const SCHEDULED_JOBS = [
  {
    name: "hosting-expiry",
    constructId: "HostingExpiry",
    handler: "cron/hosting-expiry",
    schedule: "cron(0 3 * * ? *)",
    description: "Every day at 03:00: expire hosting that has run out.",
    timeoutSeconds: 900,
    concurrency: 1,
    retryAttempts: 2,
  },
  {
    name: "weekly-digest",
    constructId: "WeeklyDigest",
    handler: "cron/weekly-digest",
    schedule: "cron(0 9 ? * MON *)",
    description: "Mondays at 09:00: the weekly digest e-mail (each user marked sent before the mail, so a retry mails nobody twice).",
    timeoutSeconds: 900,
    concurrency: 1,
    retryAttempts: 2,
  },
  {
    name: "subscription-credits",
    constructId: "SubscriptionCredits",
    handler: "cron/subscription-credits",
    schedule: "cron(0 4 * * ? *)",
    description: "Every day at 04:00: the monthly points of annual plans.",
    timeoutSeconds: 900,
    concurrency: 1,
    retryAttempts: 2,
  },
  {
    name: "stuck-work",
    constructId: "StuckWork",
    handler: "cron/stuck-work",
    schedule: "rate(5 minutes)",
    description: "Every 5 minutes: settle renders stuck past their deadline and unsettled image charges (docs/decisions.md#hardening).",
    // Under the 5 minutes between runs: with one run at a time, the next never waits on this one.
    timeoutSeconds: 240,
    concurrency: 1,
    // The next run does the same work five minutes later.
    retryAttempts: 0,
  },
  {
    name: "provider-check",
    constructId: "ProviderCheck",
    handler: "cron/provider-check",
    schedule: "rate(1 hour)",
    description: "Every hour: ask the cloud providers whether the keys, models and plan still work (docs/decisions.md#provider-check).",
    timeoutSeconds: 120,
    // Two: `sst deploy` runs the same check (docs/decisions.md#provider-check-at-deploy), and a deploy that met
    // the hourly run would otherwise be throttled and fail. Two runs at once only write the same result twice.
    concurrency: 2,
    // The next hour's run asks again.
    retryAttempts: 0,
  },
] as const satisfies readonly ScheduledJob[];

export type ScheduledJobName = (typeof SCHEDULED_JOBS)[number]["name"];
