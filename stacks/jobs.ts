import { SCHEDULED_JOBS } from "@storyboard/core/jobs/schedules";
import { Duration } from "aws-cdk-lib";
import { SqsDestination } from "aws-cdk-lib/aws-lambda-destinations";
import { Cron, type StackContext, use } from "sst/constructs";
import { grantStorage, providerEnvironment, sesSendStatement, storageEnvironment } from "./access";
import { Alerts, alarm, deadLetterQueue } from "./alarms";
import { Render } from "./render";
import { Secrets } from "./secrets";
import { settings } from "./settings";
import { Storage } from "./storage";

/** How long EventBridge and Lambda keep trying to start a scheduled run. */
const MAX_EVENT_AGE = Duration.hours(1);

export function Jobs({ stack, app }: StackContext) {
  const storage = use(Storage);
  const render = use(Render);
  const { topic } = use(Alerts);
  const { parameters } = use(Secrets);
  const { siteUrl, mailFrom } = settings(app);
  const environment = { STAGE: app.stage, APP_URL: siteUrl, MAIL_FROM: mailFrom, ...storageEnvironment(storage), ...providerEnvironment() };

  /**
   * One Cron per row of the jobs table (`packages/core/src/jobs/schedules.ts`). A run that fails
   * (an error, a timeout, out of memory) is retried by Lambda, then lands in the job's dead-letter
   * queue with its event, as does an event EventBridge could not deliver.
   */
  const crons = Object.fromEntries(
    SCHEDULED_JOBS.map((row) => {
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
            bind: [parameters.APP_URL, parameters.MAIL_FROM],
            permissions: [sesSendStatement(stack)],
          },
          cdk: { target: { deadLetterQueue: failures, retryAttempts: 2, maxEventAge: MAX_EVENT_AGE } },
        },
      });
      cron.jobFunction.configureAsyncInvoke({
        onFailure: new SqsDestination(failures),
        retryAttempts: row.retryAttempts,
        maxEventAge: MAX_EVENT_AGE,
      });
      grantStorage(cron.jobFunction, storage);
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

  return { crons };
}
