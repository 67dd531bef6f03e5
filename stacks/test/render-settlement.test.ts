import type { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { Render } from "../render";
import { actionsOf, arnTarget, build, handlersByLogicalId, resources, statementsOfRole } from "./harness";
import { PHASE_TIMEOUT_SECONDS } from "@storyboard/core/render/workflow";

describe("render stack: unfinished executions (docs/decisions.md#hardening)", () => {
  let template: Template;
  beforeAll(async () => {
    template = (await build("placeholders")).template(Render);
  });

  it("sends FAILED, TIMED_OUT and ABORTED executions of the three render machines to the execution-status handler", () => {
    const rules = Object.values(resources(template, "AWS::Events::Rule"));
    expect(rules).toHaveLength(1);
    const pattern = rules[0].Properties.EventPattern;
    expect(pattern.source).toEqual(["aws.states"]);
    expect(pattern["detail-type"]).toEqual(["Step Functions Execution Status Change"]);
    expect(pattern.detail.status.sort()).toEqual(["ABORTED", "FAILED", "TIMED_OUT"]);
    const machineIds = Object.keys(resources(template, "AWS::StepFunctions::StateMachine")).sort();
    expect(pattern.detail.stateMachineArn.map((arn: { Ref: string }) => arn.Ref).sort()).toEqual(machineIds);
    const fnId = arnTarget(rules[0].Properties.Targets[0].Arn);
    expect(handlersByLogicalId(template).get(fnId)).toBe("packages/functions/src/render/execution-status.handler");
    expect(rules[0].Properties.Targets[0].RetryPolicy.MaximumRetryAttempts).toBe(8);
    const fn = template.toJSON().Resources[fnId];
    const actions = statementsOfRole(template, fn.Properties.Role["Fn::GetAtt"][0]).flatMap(actionsOf);
    expect(actions).toEqual(expect.arrayContaining(["dynamodb:UpdateItem", "dynamodb:Query"]));
  });

  it("states each phase's time limit in its definition, so a stuck execution ends TIMED_OUT", () => {
    for (const machine of Object.values(resources(template, "AWS::StepFunctions::StateMachine"))) {
      const limits = Object.values(PHASE_TIMEOUT_SECONDS).join("|");
      expect(JSON.stringify(machine.Properties.DefinitionString)).toMatch(new RegExp(`TimeoutSeconds\\\\":(${limits}),`));
    }
  });
});
