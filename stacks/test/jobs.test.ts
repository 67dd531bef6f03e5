import type { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { SCHEDULED_JOBS } from "@storyboard/core/jobs/schedules";
import { Jobs } from "../jobs";
import { actionsOf, arnTarget, build, handlersByLogicalId, type Json, resources, statementsOfRole } from "./harness";

describe("jobs stack", () => {
  let template: Template;
  beforeAll(async () => {
    template = (await build("placeholders")).template(Jobs);
  });

  const ruleFor = (handler: string) => {
    const handlers = handlersByLogicalId(template);
    const rules = Object.values(resources(template, "AWS::Events::Rule")).filter(
      (rule) => handlers.get(arnTarget(rule.Properties.Targets[0].Arn)) === `packages/functions/src/${handler}.handler`,
    );
    expect(rules, handler).toHaveLength(1);
    return rules[0];
  };

  it("has exactly the five cron rules", () => {
    expect(Object.keys(resources(template, "AWS::Events::Rule"))).toHaveLength(5);
  });

  it("checks the cloud providers every hour", () => {
    expect(ruleFor("cron/provider-check").Properties.ScheduleExpression).toBe("rate(1 hour)");
  });

  it("sweeps stuck renders and unsettled image charges every 5 minutes", () => {
    expect(ruleFor("cron/stuck-work").Properties.ScheduleExpression).toBe("rate(5 minutes)");
  });

  it("lets the sweeper resume a stalled render: it starts the three render phases (docs/decisions.md#crash-safety)", () => {
    const fnId = arnTarget(ruleFor("cron/stuck-work").Properties.Targets[0].Arn);
    const fn = template.toJSON().Resources[fnId];
    for (const phase of ["DESCRIBE", "GENERATE", "COMPILE"])
      expect(fn.Properties.Environment.Variables[`${phase}_STATE_MACHINE_ARN`]).toBeTruthy();
    const actions = statementsOfRole(template, fn.Properties.Role["Fn::GetAtt"][0]).flatMap(actionsOf);
    expect(actions).toContain("states:StartExecution");
    const other = template.toJSON().Resources[arnTarget(ruleFor("cron/weekly-digest").Properties.Targets[0].Arn)];
    expect(statementsOfRole(template, other.Properties.Role["Fn::GetAtt"][0]).flatMap(actionsOf)).not.toContain("states:StartExecution");
  });

  it("binds the provider keys to the hourly provider check only, which may read those two and keep its result, nothing else", () => {
    const parameterOf = (s: Json) => [s.Resource].flat().map((r: Json) => JSON.stringify(r));
    for (const job of SCHEDULED_JOBS) {
      const fn = template.toJSON().Resources[arnTarget(ruleFor(job.handler).Properties.Targets[0].Arn)];
      const vars = fn.Properties.Environment.Variables;
      const bound = Object.keys(vars).filter((name) => name.startsWith("SST_Secret_value_"));
      const statements = statementsOfRole(template, fn.Properties.Role["Fn::GetAtt"][0]);
      const ssmResources = statements.filter((s) => actionsOf(s).some((a) => a.startsWith("ssm:"))).flatMap(parameterOf);
      if (job.name !== "provider-check") {
        expect(bound, job.name).toEqual([]);
        expect(ssmResources, job.name).toEqual([]);
        continue;
      }
      expect(bound.sort()).toEqual(["SST_Secret_value_ELEVENLABS_API_KEY", "SST_Secret_value_OPENAI_API_KEY"]);
      for (const name of bound) expect(vars[name]).toBe("__FETCH_FROM_SSM__");
      // Only GetParameters, only on the two keys' parameters (this stage's, and SST's fallback).
      for (const s of statements.filter((st) => actionsOf(st).some((a) => a.startsWith("ssm:"))))
        expect(actionsOf(s)).toEqual(["ssm:GetParameters"]);
      expect(ssmResources).toHaveLength(4);
      for (const resource of ssmResources)
        expect(resource).toMatch(/parameter\/sst\/storyboard\/(test|\.fallback)\/Secret\/(OPENAI|ELEVENLABS)_API_KEY\/value/);
      const actions = statements.flatMap(actionsOf);
      expect(actions).toContain("dynamodb:PutItem");
      for (const denied of [
        "dynamodb:DeleteItem",
        "dynamodb:BatchWriteItem",
        "s3:DeleteObject*",
        "s3:GetObject*",
        "s3:PutObject",
        "ses:SendEmail",
        "states:StartExecution",
      ]) {
        expect(actions, denied).not.toContain(denied);
      }
    }
  });

  it("credits the monthly points of annual plans every day", () => {
    const rule = ruleFor("cron/subscription-credits");
    expect(rule.Properties.ScheduleExpression).toBe("cron(0 4 * * ? *)");
  });

  it("runs hosting expiry every day", () => {
    const rule = ruleFor("cron/hosting-expiry");
    expect(rule.Properties.ScheduleExpression).toBe("cron(0 3 * * ? *)");
    expect(rule.Properties.State).toBe("ENABLED");
  });

  it("sends the weekly digest on Mondays at 09:00 UTC", () => {
    const rule = ruleFor("cron/weekly-digest");
    expect(rule.Properties.ScheduleExpression).toBe("cron(0 9 ? * MON *)");
    expect(rule.Properties.State).toBe("ENABLED");
  });

  it("lets the jobs read and write the table and send mail", () => {
    for (const handler of ["cron/hosting-expiry", "cron/weekly-digest", "cron/stuck-work"]) {
      const fnId = arnTarget(ruleFor(handler).Properties.Targets[0].Arn);
      const fn = template.toJSON().Resources[fnId];
      expect(JSON.stringify(fn.Properties.Environment.Variables.TABLE_NAME)).toContain("ExportsOutputRefTable");
      const statements = statementsOfRole(template, fn.Properties.Role["Fn::GetAtt"][0]);
      const actions = statements.flatMap(actionsOf);
      expect(actions).toEqual(expect.arrayContaining(["dynamodb:Query", "dynamodb:UpdateItem", "ses:SendEmail", "s3:DeleteObject*"]));
    }
  });

  it("sends every failed run and undeliverable event to the job's dead-letter queue, one run at a time (two for the provider check)", () => {
    const invokeConfigs = Object.values(resources(template, "AWS::Lambda::EventInvokeConfig"));
    for (const job of SCHEDULED_JOBS) {
      const rule = ruleFor(job.handler);
      const target = rule.Properties.Targets[0];
      expect(target.DeadLetterConfig.Arn["Fn::GetAtt"][0], job.name).toMatch(new RegExp(`^${job.constructId}Failures`));
      expect(target.RetryPolicy).toMatchObject({ MaximumRetryAttempts: 2 });
      const fnId = arnTarget(target.Arn);
      const fn = template.toJSON().Resources[fnId];
      // One run at a time; the provider check's second slot is for the deploy's run of it.
      expect(fn.Properties.ReservedConcurrentExecutions, job.name).toBe(job.name === "provider-check" ? 2 : 1);
      expect(fn.Properties.Timeout, job.name).toBe(job.timeoutSeconds);
      const config = invokeConfigs.find((c) => c.Properties.FunctionName.Ref === fnId);
      expect(config?.Properties.MaximumRetryAttempts, job.name).toBe(job.retryAttempts);
      expect(config?.Properties.DestinationConfig.OnFailure.Destination["Fn::GetAtt"][0]).toMatch(
        new RegExp(`^${job.constructId}Failures`),
      );
    }
    // The 5-minute job ends before its next run starts.
    expect(SCHEDULED_JOBS.find((j) => j.name === "stuck-work")!.timeoutSeconds).toBeLessThan(300);
  });
});
