import { SCHEDULED_JOBS } from "@storyboard/core/jobs/schedules";
import { Cron, type StackContext, use } from "sst/constructs";
import { grantStorage, providerEnvironment, sesSendStatement, storageEnvironment } from "./access";
import { Secrets } from "./secrets";
import { settings } from "./settings";
import { Storage } from "./storage";

export function Jobs({ stack, app }: StackContext) {
  const storage = use(Storage);
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
      return [name, cron];
    }),
  );

  return { crons };
}
