/**
 * Alarms that reach a person (docs/architecture.md#operating-it): one SNS topic, mailed to ALARM_EMAIL,
 * that every alarm of every stack notifies; dead-letter queues for asynchronous work, each with its
 * alarm; and the list of alarms the dashboard (stacks/monitoring.ts) shows.
 */
import { Duration, type Stack } from "aws-cdk-lib";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import * as sns from "aws-cdk-lib/aws-sns";
import * as subscriptions from "aws-cdk-lib/aws-sns-subscriptions";
import * as sqs from "aws-cdk-lib/aws-sqs";
import type { App, StackContext } from "sst/constructs";
import { settings } from "./settings";

export function Alerts({ stack, app }: StackContext) {
  const { alarmEmail } = settings(app);
  const topic = new sns.Topic(stack, "AlarmTopic", {
    topicName: `${app.stage}-${app.name}-alarms`,
    displayName: `${app.stage} storyboard alarms`,
    enforceSSL: true,
  });
  if (alarmEmail) topic.addSubscription(new subscriptions.EmailSubscription(alarmEmail));
  stack.addOutputs({ AlarmTopicArn: topic.topicArn });
  return { topic };
}

export interface AlarmEntry {
  alarmName: string;
  /** What the dashboard calls it; the operating guide says what to do by this name. */
  title: string;
}

/** The alarms made so far, per app (the stack tests build several apps in one process). */
const made = new WeakMap<App, AlarmEntry[]>();
export const alarmsOf = (app: App): AlarmEntry[] => made.get(app) ?? [];

export interface AlarmProps {
  title: string;
  metric: cloudwatch.IMetric;
  /** Alarm when the metric is above this (or at or above, with `atLeast`). */
  threshold: number;
  atLeast?: boolean;
  evaluationPeriods?: number;
}

/** An alarm named `<stack>-<id>` that mails the topic when it fires and when it clears; no data is fine. */
export function alarm(stack: Stack, app: App, topic: sns.ITopic, id: string, props: AlarmProps): cloudwatch.Alarm {
  const alarmName = `${stack.stackName}-${id}`;
  const result = new cloudwatch.Alarm(stack, id, {
    alarmName,
    alarmDescription: `${props.title} (docs/architecture.md#operating-it)`,
    metric: props.metric,
    threshold: props.threshold,
    comparisonOperator: props.atLeast
      ? cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD
      : cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    evaluationPeriods: props.evaluationPeriods ?? 1,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
  result.addAlarmAction(new SnsAction(topic));
  result.addOkAction(new SnsAction(topic));
  made.set(app, [...alarmsOf(app), { alarmName, title: props.title }]);
  return result;
}

/** How long a failed event waits in its dead-letter queue for an operator (SQS's longest). */
export const DLQ_RETENTION = Duration.days(14);

/**
 * Where an asynchronous invocation lands when its retries are spent (a failed parse, a scheduled
 * run, an EventBridge delivery): kept 14 days, alarmed as soon as one message is there.
 */
export function deadLetterQueue(stack: Stack, app: App, topic: sns.ITopic, id: string, title: string): sqs.Queue {
  const queue = new sqs.Queue(stack, id, {
    retentionPeriod: DLQ_RETENTION,
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  alarm(stack, app, topic, `${id}Depth`, {
    title: `${title}: failed events waiting`,
    metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: "Maximum" }),
    threshold: 0,
  });
  return queue;
}
