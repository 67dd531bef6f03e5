import { SCHEDULED_JOBS, type ScheduledJobName } from "@storyboard/core/jobs/schedules";
import { PROVIDER_CHECK_FAILED } from "@storyboard/core/provider/check-alarm";
import type { DeployCheckParams } from "@storyboard/core/provider/deploy-check";
import { Duration } from "aws-cdk-lib";
import { SqsDestination } from "aws-cdk-lib/aws-lambda-destinations";
import * as logs from "aws-cdk-lib/aws-logs";
import { Cron, Script, type StackContext, use } from "sst/constructs";
import { grantStorage, grantTableReadAndUpdate, providerEnvironment, sesSendStatement, storageEnvironment } from "./access";
import { Alerts, alarm, deadLetterQueue } from "./alarms";
import { Render } from "./render";
import { Secrets } from "./secrets";
import { settings } from "./settings";
import { Storage } from "./storage";

/** How long EventBridge and Lambda keep trying to start a scheduled run. */
const MAX_EVENT_AGE = Duration.hours(1);

/** What a job's role may touch (docs/decisions.md#production-on-aws). */
export interface JobAccess {
  /** "all": items of the table and objects of both buckets; "table-update": item reads, puts and updates only. */
  storage: "all" | "table-update";
  mail: boolean;
  /** Bound to the OpenAI and ElevenLabs keys: each is one SSM parameter the role may read. */
  providerKeys: boolean;
}

const HOUSEKEEPING: JobAccess = { storage: "all", mail: true, providerKeys: false };
export const JOB_ACCESS: Record<ScheduledJobName, JobAccess> = {
  "hosting-expiry": HOUSEKEEPING,
  "weekly-digest": HOUSEKEEPING,
  "subscription-credits": HOUSEKEEPING,
  "stuck-work": HOUSEKEEPING,
  // Asks the providers with the keys and keeps one result item for Admin Fixes: nothing else.
  "provider-check": { storage: "table-update", mail: false, providerKeys: true },
};

/**
 * The job `sst deploy` also runs, after its function is updated: the provider check, so a deploy
 * whose keys or models would fail is stopped (docs/decisions.md#provider-check-at-deploy). The
 * deploy invokes that same function, so the provider keys stay bound to it alone.
 */
export const RUN_AT_DEPLOY: ScheduledJobName = "provider-check";

export function Jobs({ stack, app }: StackContext) {
  const storage = use(Storage);
  const render = use(Render);
  const { topic } = use(Alerts);
  const { parameters, providerSecrets } = use(Secrets);
  const { siteUrl, mailFrom, supportEmail, providerCheckOnDeploy } = settings(app);
  const environment = {
    STAGE: app.stage,
    APP_URL: siteUrl,
    MAIL_FROM: mailFrom,
    SUPPORT_EMAIL: supportEmail,
    ...storageEnvironment(storage),
    ...providerEnvironment(),
  };

  /**
   * One Cron per row of the jobs table (`packages/core/src/jobs/schedules.ts`). A run that fails
   * (an error, a timeout, out of memory) is retried by Lambda, then lands in the job's dead-letter
   * queue with its event, as does an event EventBridge could not deliver.
   */
  const crons = Object.fromEntries(
    SCHEDULED_JOBS.map((row) => {
      const access = JOB_ACCESS[row.name];
      const failures = deadLetterQueue(stack, app, topic, `${row.constructId}Failures`, `Scheduled job ${row.name}`);
      const cron = new Cron(stack, row.constructId, {
        schedule: row.schedule,
        job: {
          function: {
            handler: `packages/functions/src/${row.handler}.handler`,
            description: row.description.slice(0, 256),
            timeout: row.timeoutSeconds,
            memorySize: 1024,
            reservedConcurrentExecutions: row.concurrency,
            environment,
            bind: [parameters.APP_URL, parameters.MAIL_FROM, ...(access.providerKeys ? providerSecrets : [])],
            permissions: access.mail ? [sesSendStatement(stack)] : [],
            // SST's Script refuses a function run on the developer's machine (`sst dev`).
            ...(row.name === RUN_AT_DEPLOY ? { enableLiveDev: false } : {}),
          },
          cdk: { target: { deadLetterQueue: failures, retryAttempts: 2, maxEventAge: MAX_EVENT_AGE } },
        },
      });
      cron.jobFunction.configureAsyncInvoke({
        onFailure: new SqsDestination(failures),
        retryAttempts: row.retryAttempts,
        maxEventAge: MAX_EVENT_AGE,
      });
      if (access.storage === "all") grantStorage(cron.jobFunction, storage);
      else grantTableReadAndUpdate(cron.jobFunction, storage);
      // The sweeper resumes a render cut off mid-phase by starting its phase again (docs/decisions.md#crash-safety).
      if (row.name === "stuck-work") {
        cron.jobFunction.addEnvironment("DESCRIBE_STATE_MACHINE_ARN", render.environment.DESCRIBE_STATE_MACHINE_ARN);
        cron.jobFunction.addEnvironment("GENERATE_STATE_MACHINE_ARN", render.environment.GENERATE_STATE_MACHINE_ARN);
        cron.jobFunction.addEnvironment("COMPILE_STATE_MACHINE_ARN", render.environment.COMPILE_STATE_MACHINE_ARN);
        for (const machine of Object.values(render.machines)) machine.grantStartExecution(cron.jobFunction);
      }
      alarm(stack, app, topic, `${row.constructId}Errors`, {
        title: `Scheduled job ${row.name} failed`,
        metric: cron.jobFunction.metricErrors({ period: Duration.minutes(5), statistic: "Sum" }),
        threshold: 0,
      });
      return [row.name, cron];
    }),
  );

  // A failing check ends its run normally (its result is kept for Admin Fixes), so the job's errors alarm
  // never hears of it: its log line, marked `providerCheck: "failed"`, is counted instead (docs/decisions.md#provider-check).
  const failedChecks = new logs.MetricFilter(stack, "ProviderCheckFailedLines", {
    logGroup: crons["provider-check"].jobFunction.logGroup,
    filterPattern: logs.FilterPattern.stringValue(`$.${PROVIDER_CHECK_FAILED.field}`, "=", PROVIDER_CHECK_FAILED.value),
    metricNamespace: `${app.name}/${app.stage}`,
    metricName: "ProviderCheckFailed",
    metricValue: "1",
  });
  alarm(stack, app, topic, "ProviderCheckFailed", {
    title: "Provider check: some provider work will fail",
    metric: failedChecks.metric({ period: Duration.hours(1), statistic: "Sum" }),
    threshold: 1,
    atLeast: true,
  });

  // Runs at every deploy (a new version each time) and fails the deploy when the function throws;
  // it is skipped while a stack rolls back, so a failed check cannot leave the stack stuck.
  const deployCheck = crons[RUN_AT_DEPLOY].jobFunction;
  const params: DeployCheckParams = { trigger: "deploy", onError: providerCheckOnDeploy };
  new Script(stack, "ProviderCheckAtDeploy", { onCreate: deployCheck, onUpdate: deployCheck, params });

  return { crons };
}
