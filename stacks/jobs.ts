import { Cron, type StackContext, use } from "sst/constructs";
import { grantStorage, sesSendStatement, storageEnvironment } from "./access";
import { Secrets } from "./secrets";
import { settings } from "./settings";
import { Storage } from "./storage";

/** EventBridge schedules (UTC). */
export const SCHEDULES = {
  /** Every day at 03:00: expire hosting that has run out. */
  hostingExpiry: "cron(0 3 * * ? *)",
  /** Mondays at 09:00: the weekly digest e-mail. */
  weeklyDigest: "cron(0 9 ? * MON *)",
  /** Every day at 04:00: the monthly points of annual plans. */
  subscriptionCredits: "cron(0 4 * * ? *)",
  /** Every 5 minutes: settle renders stuck past their deadline and unsettled image charges (docs/decisions.md#hardening). */
  stuckWork: "rate(5 minutes)",
} as const;

export function Jobs({ stack, app }: StackContext) {
  const storage = use(Storage);
  const { parameters } = use(Secrets);
  const { siteUrl, mailFrom } = settings(app);
  const environment = { STAGE: app.stage, APP_URL: siteUrl, MAIL_FROM: mailFrom, ...storageEnvironment(storage) };

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

  const hostingExpiry = new Cron(stack, "HostingExpiry", {
    schedule: SCHEDULES.hostingExpiry,
    job: job("cron/hosting-expiry"),
  });
  const weeklyDigest = new Cron(stack, "WeeklyDigest", {
    schedule: SCHEDULES.weeklyDigest,
    job: job("cron/weekly-digest"),
  });
  const subscriptionCredits = new Cron(stack, "SubscriptionCredits", {
    schedule: SCHEDULES.subscriptionCredits,
    job: job("cron/subscription-credits"),
  });
  const stuckWork = new Cron(stack, "StuckWork", {
    schedule: SCHEDULES.stuckWork,
    job: job("cron/stuck-work"),
  });
  for (const cron of [hostingExpiry, weeklyDigest, subscriptionCredits, stuckWork]) grantStorage(cron.jobFunction, storage);

  return { hostingExpiry, weeklyDigest, subscriptionCredits, stuckWork };
}
