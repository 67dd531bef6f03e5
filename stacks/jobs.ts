import { SCHEDULED_JOBS } from "@storyboard/core/jobs/schedules";
import { Cron, type StackContext, use } from "sst/constructs";
import { grantStorage, providerEnvironment, sesSendStatement, storageEnvironment } from "./access";
import { Render } from "./render";
import { Secrets } from "./secrets";
import { settings } from "./settings";
import { Storage } from "./storage";

export function Jobs({ stack, app }: StackContext) {
  const storage = use(Storage);
  const render = use(Render);
  const { parameters } = use(Secrets);
  const { siteUrl, mailFrom } = settings(app);
  const environment = { STAGE: app.stage, APP_URL: siteUrl, MAIL_FROM: mailFrom, ...storageEnvironment(storage), ...providerEnvironment() };

  const job = (handler: string) => ({
    function: {
      handler: `packages/functions/src/${handler}.handler`,
      timeout: 900,
      memorySize: 1024,
      environment,
      bind: [parameters.APP_URL, parameters.MAIL_FROM],
      permissions: [sesSendStatement(stack)],
    },
  });

  /** One Cron per row of the jobs table (`packages/core/src/jobs/schedules.ts`). */
  const crons = Object.fromEntries(
    SCHEDULED_JOBS.map(({ name, constructId, handler, schedule }) => {
      const cron = new Cron(stack, constructId, { schedule, job: job(handler) });
      grantStorage(cron.jobFunction, storage);
      // The sweeper resumes a render cut off mid-phase by starting its phase again (docs/decisions.md#crash-safety).
      if (name === "stuck-work") {
        cron.jobFunction.addEnvironment("DESCRIBE_STATE_MACHINE_ARN", render.environment.DESCRIBE_STATE_MACHINE_ARN);
        cron.jobFunction.addEnvironment("GENERATE_STATE_MACHINE_ARN", render.environment.GENERATE_STATE_MACHINE_ARN);
        cron.jobFunction.addEnvironment("COMPILE_STATE_MACHINE_ARN", render.environment.COMPILE_STATE_MACHINE_ARN);
        for (const machine of Object.values(render.machines)) machine.grantStartExecution(cron.jobFunction);
      }
      return [name, cron];
    }),
  );

  return { crons };
}
