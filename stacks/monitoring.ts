import { ArnFormat, Duration } from "aws-cdk-lib";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import { type StackContext, use } from "sst/constructs";
import { Alerts, alarm, alarmsOf } from "./alarms";

/** SES reviews an account at a 5% bounce rate and 0.1% complaints; we want to hear well before. */
export const SES_BOUNCE_RATE = 0.04;
export const SES_COMPLAINT_RATE = 0.0008;

/**
 * Last of the stacks: the account-wide mail alarms, and one dashboard with every alarm of every stack
 * (each widget is the alarm's metric against its threshold).
 */
export function Monitoring({ stack, app }: StackContext) {
  const { topic } = use(Alerts);
  const sesRate = (metricName: string) =>
    new cloudwatch.Metric({ namespace: "AWS/SES", metricName, period: Duration.hours(1), statistic: "Maximum" });
  alarm(stack, app, topic, "SesBounceRate", {
    title: "SES bounce rate",
    metric: sesRate("Reputation.BounceRate"),
    threshold: SES_BOUNCE_RATE,
    atLeast: true,
  });
  alarm(stack, app, topic, "SesComplaintRate", {
    title: "SES complaint rate",
    metric: sesRate("Reputation.ComplaintRate"),
    threshold: SES_COMPLAINT_RATE,
    atLeast: true,
  });

  const dashboard = new cloudwatch.Dashboard(stack, "Dashboard", {
    dashboardName: `${app.stage}-${app.name}`,
    defaultInterval: Duration.days(1),
  });
  // By ARN, from the fixed names: referring to the alarms would export one value per alarm from each stack.
  const alarms = alarmsOf(app).map(({ alarmName, title }, i) => ({
    title,
    alarm: cloudwatch.Alarm.fromAlarmArn(
      stack,
      `Alarm${i}`,
      stack.formatArn({ service: "cloudwatch", resource: "alarm", resourceName: alarmName, arnFormat: ArnFormat.COLON_RESOURCE_NAME }),
    ),
  }));
  dashboard.addWidgets(new cloudwatch.AlarmStatusWidget({ title: "Alarms", width: 24, alarms: alarms.map((a) => a.alarm) }));
  const graphs = alarms.map(({ title, alarm }) => new cloudwatch.AlarmWidget({ title, width: 8, alarm }));
  for (let i = 0; i < graphs.length; i += 3) dashboard.addWidgets(...graphs.slice(i, i + 3));
  stack.addOutputs({ Dashboard: dashboard.dashboardName });
  return { dashboard };
}
