/**
 * `sst deploy` runs the provider check (docs/decisions.md#provider-check-at-deploy): SST's Script
 * invokes the hourly check's own function after it is updated, so the keys stay bound to that one
 * function, and the Script's handler may invoke it and nothing else.
 */
import type { Template } from "aws-cdk-lib/assertions";
import type { App } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { Jobs } from "../jobs";
import { settings } from "../settings";
import { actionsOf, arnTarget, build, handlersByLogicalId, type Json, resources, statementsOfRole } from "./harness";

const PROVIDER_CHECK = "packages/functions/src/cron/provider-check.handler";

describe("the provider check at deploy time", () => {
  let template: Template;
  let all: Record<string, Json>;
  let checkId: string;
  beforeAll(async () => {
    template = (await build("placeholders")).template(Jobs);
    all = template.toJSON().Resources;
    checkId = [...handlersByLogicalId(template)].find(([, handler]) => handler === PROVIDER_CHECK)![0];
  });

  const script = () => {
    const scripts = Object.values(resources(template, "Custom::SSTScript"));
    expect(scripts).toHaveLength(1);
    return scripts[0];
  };

  it("invokes the hourly check's function on create and on every update, telling it that a deploy is asking", () => {
    const { Properties: props } = script();
    expect(props.UserCreateFunction).toEqual({ Ref: checkId });
    expect(props.UserUpdateFunction).toEqual({ Ref: checkId });
    expect(props.UserDeleteFunction).toBeUndefined();
    expect(JSON.parse(props.UserParams)).toEqual({ trigger: "deploy", onError: "fail" });
    // A new version per synth, so CloudFormation sends an update (and the check runs) at every deploy.
    expect(props.Version).toMatch(/^\d{13}$/);
  });

  it("runs the check after the function's grants are in place", () => {
    const fn = all[checkId];
    const policies = Object.entries(resources(template, "AWS::IAM::Policy"))
      .filter(([, p]) => p.Properties.Roles.some((r: Json) => r.Ref === fn.Properties.Role["Fn::GetAtt"][0]))
      .map(([id]) => id);
    expect(policies.length).toBeGreaterThan(0);
    for (const id of policies) expect(fn.DependsOn).toContain(id);
  });

  it("lets the Script's handler invoke that one function and read its stack's status, nothing else", () => {
    const handlerId = arnTarget(script().Properties.ServiceToken);
    const handler = all[handlerId];
    expect(JSON.stringify(handler.Properties.Environment ?? {})).not.toContain("SST_Secret");
    const statements = statementsOfRole(template, handler.Properties.Role["Fn::GetAtt"][0]);
    const granted = statements.flatMap((s) => actionsOf(s).map((action) => [action, JSON.stringify(s.Resource)]));
    expect(granted.map(([action]) => action).sort()).toEqual(["cloudformation:DescribeStacks", "lambda:InvokeFunction"]);
    const invoked = [statements.find((s) => actionsOf(s).includes("lambda:InvokeFunction")).Resource].flat();
    expect(invoked.length).toBeGreaterThan(0);
    for (const resource of invoked) expect(JSON.stringify(resource)).toContain(`"${checkId}"`);
  });

  it("keeps the provider keys bound to the provider check alone among the stack's functions", () => {
    const withKeys = Object.entries(resources(template, "AWS::Lambda::Function"))
      .filter(([, fn]) => JSON.stringify(fn.Properties.Environment ?? {}).match(/SST_Secret_value_(OPENAI|ELEVENLABS)_API_KEY/))
      .map(([id]) => id);
    expect(withKeys).toEqual([checkId]);
  });

  it("can be told to record only (PROVIDER_CHECK_ON_DEPLOY=warn), and refuses anything else at synth", () => {
    const app = { stage: "test" } as App;
    const at = (value: string | undefined) => {
      const saved = process.env.PROVIDER_CHECK_ON_DEPLOY;
      if (value === undefined) delete process.env.PROVIDER_CHECK_ON_DEPLOY;
      else process.env.PROVIDER_CHECK_ON_DEPLOY = value;
      try {
        return settings(app).providerCheckOnDeploy;
      } finally {
        if (saved === undefined) delete process.env.PROVIDER_CHECK_ON_DEPLOY;
        else process.env.PROVIDER_CHECK_ON_DEPLOY = saved;
      }
    };
    expect(at(undefined)).toBe("fail");
    expect(at("warn")).toBe("warn");
    expect(() => at("skip")).toThrow('PROVIDER_CHECK_ON_DEPLOY=skip: use "fail" or "warn".');
  });
});
