/**
 * The alarms of issue 24 item 4, listed: each one exists with its metric and threshold, and mails the
 * one SNS topic (subscribed by ALARM_EMAIL) when it fires and when it clears; the dashboard shows them
 * all (docs/architecture.md#operating-it).
 */
import { NOT_FOUND_ROUTE, ROUTE_GROUPS, routeKey, routes } from "@storyboard/functions/routes";
import { SCHEDULED_JOBS } from "@storyboard/core/jobs/schedules";
import { PROVIDER_CHECK_FAILED } from "@storyboard/core/provider/check-alarm";
import type { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { STACKS } from "../../sst.config";
import { Alerts } from "../alarms";
import { API_5XX_RATE, GROUP_ERRORS_PER_5_MINUTES, STRIPE_WEBHOOK_ROUTE } from "../api";
import { Jobs } from "../jobs";
import { SES_BOUNCE_RATE, SES_COMPLAINT_RATE } from "../monitoring";
import { Web } from "../web";
import { arnTarget, build, handlersByLogicalId, type Json, type StackFn } from "./harness";

const ALARM_EMAIL = "ops@storyboard.test";

interface Found {
  stack: string;
  id: string;
  props: Json;
}

describe("alarms", () => {
  const templates = new Map<string, Json>();
  let alarms: Found[];
  let jobs: Template;
  beforeAll(async () => {
    const app = await build("placeholders", "test", { ALARM_EMAIL });
    jobs = app.template(Jobs);
    // The site stack has no alarm and needs a built site; every other stack is read.
    for (const fn of STACKS as readonly StackFn[]) if (fn !== Web) templates.set(fn.name, app.template(fn).toJSON());
    alarms = [...templates].flatMap(([stack, t]) =>
      Object.entries(t.Resources as Record<string, Json>)
        .filter(([, r]) => r.Type === "AWS::CloudWatch::Alarm")
        .map(([id, r]) => ({ stack, id, props: r.Properties })),
    );
  });

  const byName = (name: string): Found => {
    const found = alarms.filter((a) => a.props.AlarmName === `test-storyboard-${name}`);
    expect(found, name).toHaveLength(1);
    return found[0]!;
  };
  const resourcesOf = (stack: string, type: string): [string, Json][] =>
    Object.entries(templates.get(stack)!.Resources as Record<string, Json>).filter(([, r]) => r.Type === type);
  /** The single metric of a plain alarm, or each metric of a math alarm, as "Namespace/Name dimension". */
  const metricsOf = (props: Json) => {
    const plain = props.MetricName ? [{ Namespace: props.Namespace, MetricName: props.MetricName, Dimensions: props.Dimensions }] : [];
    const math = (props.Metrics ?? []).filter((m: Json) => m.MetricStat).map((m: Json) => m.MetricStat.Metric);
    return [...plain, ...math].map((m: Json) => ({
      name: `${m.Namespace}/${m.MetricName}`,
      dimension: m.Dimensions?.[0]?.Value,
    }));
  };
  const expression = (props: Json) => props.Metrics?.find((m: Json) => m.Expression)?.Expression;

  it("mails one topic, subscribed by ALARM_EMAIL, when any alarm fires and when it clears", () => {
    const [topicId] = resourcesOf(Alerts.name, "AWS::SNS::Topic").map(([id]) => id);
    const subscriptions = resourcesOf(Alerts.name, "AWS::SNS::Subscription").map(([, r]) => r.Properties);
    expect(subscriptions).toEqual([expect.objectContaining({ Protocol: "email", Endpoint: ALARM_EMAIL, TopicArn: { Ref: topicId } })]);
    expect(alarms.length).toBeGreaterThan(20);
    for (const { props } of alarms) {
      for (const actions of [props.AlarmActions, props.OKActions]) {
        expect(actions, props.AlarmName).toHaveLength(1);
        const target = JSON.stringify(actions[0]);
        expect(target, props.AlarmName).toMatch(new RegExp(`"Ref":"${topicId}"|ExportsOutputRef${topicId}`));
      }
      // A quiet metric (no errors, no messages) is not an alarm.
      expect(props.TreatMissingData, props.AlarmName).toBe("notBreaching");
    }
  });

  it("alarms on the API's 5xx share of requests over 1%", () => {
    const { props } = byName("Api-Api5xxRate");
    expect(
      metricsOf(props)
        .map((m) => m.name)
        .sort(),
    ).toEqual(["AWS/ApiGateway/5xx", "AWS/ApiGateway/Count"]);
    expect(expression(props)).toContain("errors / requests");
    expect(props).toMatchObject({ Threshold: API_5XX_RATE, ComparisonOperator: "GreaterThanThreshold" });
  });

  it("alarms on Lambda errors and throttles of every route function, per route group", () => {
    const api = templates.get("Api")!;
    const routeFunction = (key: string) => {
      const route = Object.values(api.Resources as Record<string, Json>).find((r) => r.Properties?.RouteKey === key);
      const integration = api.Resources[route.Properties.Target["Fn::Join"][1][1].Ref];
      return arnTarget(integration.Properties.IntegrationUri);
    };
    for (const group of ROUTE_GROUPS) {
      const keys = [
        ...routes.filter((r) => r.group === group).map(routeKey),
        ...(NOT_FOUND_ROUTE.group === group ? [NOT_FOUND_ROUTE.routeKey] : []),
      ];
      const groupName = `${group[0]!.toUpperCase()}${group.slice(1)}Routes`;
      for (const [kind, threshold] of [
        ["Errors", GROUP_ERRORS_PER_5_MINUTES],
        ["Throttles", 0],
      ] as const) {
        const parts = alarms.filter((a) => new RegExp(`^test-storyboard-Api-${groupName}${kind}\\d*$`).test(a.props.AlarmName));
        expect(parts.length, `${group} ${kind}`).toBeGreaterThan(0);
        const watched = parts.flatMap(({ props }) => {
          expect(props.Threshold).toBe(threshold);
          const metrics = metricsOf(props);
          for (const m of metrics) expect(m.name).toBe(`AWS/Lambda/${kind}`);
          return metrics.map((m) => m.dimension.Ref);
        });
        expect(watched.sort(), `${group} ${kind}`).toEqual(keys.map(routeFunction).sort());
      }
    }
  });

  it("alarms on the first error of the Stripe webhook", () => {
    const { props } = byName("Api-StripeWebhookErrors");
    const api = templates.get("Api")!;
    const route = Object.values(api.Resources as Record<string, Json>).find((r) => r.Properties?.RouteKey === STRIPE_WEBHOOK_ROUTE);
    const webhookFn = arnTarget(api.Resources[route.Properties.Target["Fn::Join"][1][1].Ref].Properties.IntegrationUri);
    expect(metricsOf(props)).toEqual([{ name: "AWS/Lambda/Errors", dimension: { Ref: webhookFn } }]);
    expect(props).toMatchObject({ Threshold: 0, ComparisonOperator: "GreaterThanThreshold" });
  });

  it("alarms as soon as one message waits in any dead-letter queue", () => {
    const queues = [...templates.keys()].flatMap((stack) => resourcesOf(stack, "AWS::SQS::Queue").map(([id]) => ({ stack, id })));
    // The parser, the settlement rule, the on-demand frames' background work and one per scheduled job.
    expect(queues.map((q) => q.id.replace(/[0-9A-F]{8}$/, "")).sort()).toEqual(
      ["ParseFailures", "ExecutionEndedFailures", "ImageWorkFailures", ...SCHEDULED_JOBS.map((j) => `${j.constructId}Failures`)].sort(),
    );
    for (const queue of queues) {
      const watching = alarms.filter(
        (a) =>
          a.stack === queue.stack &&
          metricsOf(a.props).some(
            (m) => m.name === "AWS/SQS/ApproximateNumberOfMessagesVisible" && m.dimension["Fn::GetAtt"]?.[0] === queue.id,
          ),
      );
      expect(watching, queue.id).toHaveLength(1);
      expect(watching[0]!.props).toMatchObject({ Threshold: 0, ComparisonOperator: "GreaterThanThreshold" });
    }
  });

  it("alarms on failed and timed-out executions of every state machine", () => {
    const machines = resourcesOf("Render", "AWS::StepFunctions::StateMachine").map(([id]) => id);
    expect(machines).toHaveLength(3);
    for (const machine of machines) {
      for (const metric of ["ExecutionsFailed", "ExecutionsTimedOut"]) {
        const watching = alarms.filter((a) =>
          metricsOf(a.props).some((m) => m.name === `AWS/States/${metric}` && m.dimension.Ref === machine),
        );
        expect(watching, `${machine} ${metric}`).toHaveLength(1);
        expect(watching[0]!.props).toMatchObject({ Threshold: 0, ComparisonOperator: "GreaterThanThreshold" });
      }
    }
  });

  it("alarms on any throttled read or write of the table", () => {
    const { props } = byName("Storage-TableThrottles");
    const [tableId] = resourcesOf("Storage", "AWS::DynamoDB::Table").map(([id]) => id);
    expect(metricsOf(props)).toEqual([
      { name: "AWS/DynamoDB/ReadThrottleEvents", dimension: { Ref: tableId } },
      { name: "AWS/DynamoDB/WriteThrottleEvents", dimension: { Ref: tableId } },
    ]);
    expect(expression(props)).toBe("reads + writes");
    expect(props.Threshold).toBe(0);
  });

  it("alarms on SES bounce and complaint rates before SES reviews the account", () => {
    for (const [name, metric, threshold] of [
      ["Monitoring-SesBounceRate", "Reputation.BounceRate", SES_BOUNCE_RATE],
      ["Monitoring-SesComplaintRate", "Reputation.ComplaintRate", SES_COMPLAINT_RATE],
    ] as const) {
      const { props } = byName(name);
      expect(metricsOf(props)).toEqual([{ name: `AWS/SES/${metric}`, dimension: undefined }]);
      expect(props).toMatchObject({ Threshold: threshold, ComparisonOperator: "GreaterThanOrEqualToThreshold" });
    }
    expect(SES_BOUNCE_RATE).toBeLessThan(0.05);
    expect(SES_COMPLAINT_RATE).toBeLessThan(0.001);
  });

  it("alarms on every failed run of every scheduled job", () => {
    for (const job of SCHEDULED_JOBS) {
      const { props } = byName(`Jobs-${job.constructId}Errors`);
      const [metric] = metricsOf(props);
      expect(metric!.name).toBe("AWS/Lambda/Errors");
      expect(metric!.dimension.Ref).toMatch(new RegExp(`^${job.constructId}Job`));
      expect(props.Threshold).toBe(0);
    }
  });

  it("alarms within the hour when the provider check finds provider work that will fail (the run itself succeeds)", () => {
    const { props } = byName("Jobs-ProviderCheckFailed");
    expect(props).toMatchObject({ Threshold: 1, ComparisonOperator: "GreaterThanOrEqualToThreshold", Period: 3600, Statistic: "Sum" });
    // Its metric is the count of the check's lines marked failed, in the provider-check function's own log group.
    const filters = resourcesOf("Jobs", "AWS::Logs::MetricFilter").map(([, r]) => r.Properties);
    const counting = filters.filter((f) =>
      f.MetricTransformations.some((m: Json) => m.MetricNamespace === props.Namespace && m.MetricName === props.MetricName),
    );
    expect(counting).toHaveLength(1);
    const [filter] = counting;
    expect(filter.FilterPattern).toBe(`{ $.${PROVIDER_CHECK_FAILED.field} = "${PROVIDER_CHECK_FAILED.value}" }`);
    expect(filter.FilterPattern).toBe('{ $.providerCheck = "failed" }');
    expect(filter.MetricTransformations[0].MetricValue).toBe("1");
    const [logGroupOwner] = filter.LogGroupName["Fn::GetAtt"];
    const logGroupName = templates.get("Jobs")!.Resources[logGroupOwner].Properties.LogGroupName["Fn::Join"][1];
    expect(logGroupName[0]).toBe("/aws/lambda/");
    expect(handlersByLogicalId(jobs).get(logGroupName[1].Ref)).toBe("packages/functions/src/cron/provider-check.handler");
  });

  it("shows every alarm on the dashboard", () => {
    const [[, dashboard]] = resourcesOf("Monitoring", "AWS::CloudWatch::Dashboard");
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const { props } of alarms) {
      expect(body, props.AlarmName).toContain(`:alarm:${props.AlarmName}\\"`);
    }
  });
});
