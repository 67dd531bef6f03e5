import { DEFINITIONS, PHASES, TASK, TASK_TIMEOUT_SECONDS, type TaskName } from "@storyboard/core/render/workflow";
import { TASK_HANDLERS } from "@storyboard/functions/task-handlers";
import type { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { FANOUT_CONCURRENCY, Render } from "../render";
import { actionsOf, build, flatten, handlersByLogicalId, resources, statementsOfRole } from "./harness";

describe("render stack", () => {
  let template: Template;
  let machines: Record<string, any>;
  let functions: Record<string, any>;
  /** Task name -> logical id of the Lambda whose handler is the task's module. */
  let taskFunction: Map<TaskName, string>;
  beforeAll(async () => {
    template = (await build("placeholders")).template(Render);
    machines = resources(template, "AWS::StepFunctions::StateMachine");
    functions = resources(template, "AWS::Lambda::Function");
    const byHandler = new Map([...handlersByLogicalId(template)].map(([id, handler]) => [handler, id]));
    taskFunction = new Map(
      Object.values(TASK).map((task) => [task, byHandler.get(`packages/functions/src/${TASK_HANDLERS[task]}.handler`)!]),
    );
  });

  const machineOf = (phase: string) =>
    Object.values(machines).find((m) => m.Properties.StateMachineName === `test-storyboard-render-${phase}`);

  it("has one Lambda per task, running the task's handler module", () => {
    for (const task of Object.values(TASK)) {
      const id = taskFunction.get(task);
      expect(id, task).toBeDefined();
      expect(functions[id!].Properties.Environment.Variables.RENDER_TASK).toBe(task);
    }
    expect(new Set(taskFunction.values()).size).toBe(Object.values(TASK).length);
  });

  it("has the three Standard state machines: describe, generate, compile", () => {
    expect(Object.keys(machines)).toHaveLength(3);
    for (const phase of PHASES) {
      expect(machineOf(phase), phase).toBeDefined();
      expect(machineOf(phase).Properties.StateMachineType).toBe("STANDARD");
    }
  });

  it.each(PHASES)("%s: the deployed definition is core's ASL with the task Lambdas as resources", (phase) => {
    const deployed = JSON.parse(flatten(machineOf(phase).Properties.DefinitionString));
    const resolve = (task: TaskName) => `{GetAtt:${taskFunction.get(task)}.Arn}`;
    expect(deployed).toEqual(DEFINITIONS[phase](resolve));
  });

  it("has the task states named in the definitions, with the Map, its retries and the catches", () => {
    const states = (phase: string) => JSON.parse(flatten(machineOf(phase).Properties.DefinitionString)).States;
    expect(Object.keys(states("describe"))).toEqual(expect.arrayContaining(["Describe", "MarkFailed"]));
    const compile = states("compile");
    expect(Object.keys(compile)).toEqual(expect.arrayContaining(["PlanCompile", "CompileParts", "CompileOutputs", "FinishCompile", "MarkFailed"]));
    expect(compile.CompileParts.Branches[0].States.CompileSegments).toMatchObject({
      Type: "Map",
      ItemsPath: "$.segments",
      MaxConcurrency: 10,
    });
    for (const name of ["PlanCompile", "CompileParts", "CompileOutputs", "FinishCompile"]) {
      expect(compile[name].Catch, name).toEqual([{ ErrorEquals: ["States.ALL"], ResultPath: "$.error", Next: "MarkFailed" }]);
    }
    const generate = states("generate");
    expect(Object.keys(generate)).toEqual(expect.arrayContaining(["PlanBlocks", "GenerateBlocks", "AssetsGenerated", "MarkFailed"]));
    expect(generate.GenerateBlocks).toMatchObject({ Type: "Map", ItemsPath: "$.items", MaxConcurrency: 4 });
    // A provider's failure already spent the block's retry budget in its client (docs/decisions.md#provider-errors).
    expect(generate.GenerateBlocks.ItemProcessor.States.GenerateBlock.Retry).toEqual([
      { ErrorEquals: ["ProviderError"], MaxAttempts: 0 },
      { ErrorEquals: ["States.ALL"], IntervalSeconds: 1, MaxAttempts: 3, BackoffRate: 2 },
    ]);
    for (const name of ["PlanBlocks", "GenerateBlocks", "AssetsGenerated"]) {
      expect(generate[name].Catch, name).toEqual([{ ErrorEquals: ["States.ALL"], ResultPath: "$.error", Next: "MarkFailed" }]);
    }
  });

  it("lets each machine invoke exactly the Lambdas of its tasks", () => {
    const expectedTasks: Record<string, TaskName[]> = {
      describe: ["Describe", "MarkFailed"],
      generate: ["PlanBlocks", "GenerateBlock", "AssetsGenerated", "MarkFailed"],
      compile: ["PlanCompile", "CompileSegment", "CompileAudio", "PackageRender", "JoinVideo", "FinishCompile", "MarkFailed"],
    };
    for (const phase of PHASES) {
      const roleId = machineOf(phase).Properties.RoleArn["Fn::GetAtt"][0];
      const invokable = Object.values(resources(template, "AWS::IAM::Policy"))
        .filter((p) => p.Properties.Roles.some((r: any) => r.Ref === roleId))
        .flatMap((p) => p.Properties.PolicyDocument.Statement)
        .filter((s) => actionsOf(s).includes("lambda:InvokeFunction"))
        .flatMap((s) => s.Resource)
        .filter((r: any) => r["Fn::GetAtt"])
        .map((r: any) => r["Fn::GetAtt"][0]);
      expect(invokable.sort(), phase).toEqual(expectedTasks[phase]!.map((t) => taskFunction.get(t)!).sort());
    }
  });

  it("sizes the compile Lambdas: ffmpeg segments with two vCPUs, room on /tmp for a feature's media, none over 15 minutes", () => {
    const props = (task: TaskName) => functions[taskFunction.get(task)!].Properties;
    expect(props("CompileSegment").MemorySize).toBe(3008);
    for (const task of ["PackageRender", "JoinVideo"] as TaskName[]) expect(props(task).EphemeralStorage).toEqual({ Size: 10240 });
    for (const task of ["PlanCompile", "CompileSegment", "CompileAudio", "PackageRender", "JoinVideo", "FinishCompile"] as TaskName[]) {
      expect(props(task).Timeout, task).toBeLessThanOrEqual(900);
      expect(props(task).Timeout, task).toBe(TASK_TIMEOUT_SECONDS[task]);
    }
  });

  it("reserves concurrency for the fan-out tasks only, so a burst of renders cannot take the API's Lambdas", () => {
    expect(FANOUT_CONCURRENCY).toEqual({ GenerateBlock: 100, CompileSegment: 50 });
    for (const task of Object.values(TASK)) {
      expect(functions[taskFunction.get(task)!].Properties.ReservedConcurrentExecutions, task).toBe(FANOUT_CONCURRENCY[task]);
    }
  });

  it("gives the task Lambdas the storage variables and the provider secrets", () => {
    for (const id of taskFunction.values()) {
      const vars = functions[id].Properties.Environment.Variables;
      expect(JSON.stringify(vars.TABLE_NAME)).toContain("ExportsOutputRefTable");
      expect(JSON.stringify(vars.MEDIA_BUCKET)).toContain("ExportsOutputRefMediaBucket");
      expect(vars.SST_Secret_value_OPENAI_API_KEY).toBe("__FETCH_FROM_SSM__");
      expect(vars.SST_Secret_value_ELEVENLABS_API_KEY).toBe("__FETCH_FROM_SSM__");
    }
  });

  it("lets the tasks that start the next phase find and start it", () => {
    for (const task of ["Describe", "AssetsGenerated"] as TaskName[]) {
      const fn = functions[taskFunction.get(task)!].Properties;
      const vars = fn.Environment.Variables;
      for (const phase of PHASES) {
        const name = `test-storyboard-render-${phase}`;
        expect(flatten(vars[`${phase.toUpperCase()}_STATE_MACHINE_ARN`])).toMatch(new RegExp(`:states:.*:stateMachine:${name}$`));
      }
      const statements = statementsOfRole(template, fn.Role["Fn::GetAtt"][0]);
      const start = statements.find((st) => actionsOf(st).includes("states:StartExecution"));
      expect(start, task).toBeDefined();
      expect([start!.Resource].flat().map(flatten).join(" ")).toContain("stateMachine:test-storyboard-render-generate");
    }
  });
});
