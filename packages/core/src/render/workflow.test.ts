import { describe, expect, it } from "vitest";
import {
  BLOCK_CONCURRENCY,
  BLOCK_RETRY,
  PROVIDER_NO_RETRY,
  COMPILE_RETRY,
  COMPILE_STATES,
  compileDefinition,
  DEFINITIONS,
  describeDefinition,
  GENERATE_BLOCKS_MAP,
  generateDefinition,
  PHASES,
  RENDER_FAILED,
  SEGMENT_CONCURRENCY,
  type State,
  type StateMachineDefinition,
  TASK,
  TASK_TIMEOUT_SECONDS,
  tasksOf,
  type TaskName,
} from "./workflow";

const arn = (task: TaskName) => `arn:aws:lambda:us-east-1:123456789012:function:test-${task}`;

const catchesToMarkFailed = (state: State) =>
  expect(state.Catch).toEqual([{ ErrorEquals: ["States.ALL"], ResultPath: "$.error", Next: TASK.markFailed }]);

/** Every `Next` and `StartAt` names a state that exists, and every state is reachable. */
function expectWellFormed(def: { StartAt: string; States: Record<string, State> }) {
  const names = Object.keys(def.States);
  expect(names).toContain(def.StartAt);
  const reached = new Set<string>([def.StartAt]);
  for (const state of Object.values(def.States)) {
    const choices = ((state.Choices as State[] | undefined) ?? []).map((c) => c.Next);
    const targets = [state.Next, state.Default, ...choices, ...((state.Catch as State[] | undefined) ?? []).map((c) => c.Next)].filter(
      Boolean,
    );
    for (const target of targets) {
      expect(names).toContain(target);
      reached.add(target as string);
    }
    const terminal = state.End === true || state.Type === "Fail" || state.Type === "Succeed";
    expect(terminal || typeof state.Next === "string" || state.Type === "Choice").toBe(true);
  }
  expect([...reached].sort()).toEqual([...names].sort());
}

describe("render workflow definitions", () => {
  it("describe: one Describe task fed { renderJobId }, caught into MarkFailed", () => {
    const def = describeDefinition(arn);
    expect(def.StartAt).toBe("Describe");
    const describeState = def.States.Describe;
    expect(describeState).toMatchObject({ Type: "Task", Resource: arn("Describe"), End: true });
    expect(describeState.Parameters).toEqual({ "renderJobId.$": "$.renderJobId" });
    catchesToMarkFailed(describeState);
    expectWellFormed(def);
  });

  it("generate: PlanBlocks, then a Map over $.items of GenerateBlock with retries, then AssetsGenerated", () => {
    const def = generateDefinition(arn);
    expect(def.StartAt).toBe("PlanBlocks");
    expect(def.States.PlanBlocks).toMatchObject({ Type: "Task", Resource: arn("PlanBlocks"), Next: GENERATE_BLOCKS_MAP });
    // PlanBlocks' answer ({ renderJobId, items }) becomes the state: no ResultPath.
    expect(def.States.PlanBlocks.ResultPath).toBeUndefined();

    const map = def.States.GenerateBlocks;
    expect(map).toMatchObject({ Type: "Map", ItemsPath: "$.items", MaxConcurrency: 4, Next: "AssetsGenerated" });
    expect(BLOCK_CONCURRENCY).toBe(4);
    // Results are dropped so hundreds of blocks cannot overflow the 256 KB state.
    expect(map.ResultPath).toBeNull();
    const processor = map.ItemProcessor as unknown as StateMachineDefinition & { ProcessorConfig: State };
    expect(processor.ProcessorConfig).toEqual({ Mode: "INLINE" });
    expect(processor.StartAt).toBe("GenerateBlock");
    expect(Object.keys(processor.States)).toEqual(["GenerateBlock"]);
    const block = processor.States.GenerateBlock;
    expect(block).toMatchObject({ Type: "Task", Resource: arn("GenerateBlock"), End: true });
    expect(block.Parameters).toEqual({ "renderJobId.$": "$.renderJobId", "batch.$": "$.batch" });
    // A provider's failure is not retried again (its client spent the block's budget); anything else is, up to 3 times.
    expect(block.Retry).toEqual([
      { ErrorEquals: ["ProviderError"], MaxAttempts: 0 },
      { ErrorEquals: ["States.ALL"], IntervalSeconds: 1, MaxAttempts: 3, BackoffRate: 2 },
    ]);
    expect(block.Retry).toEqual([PROVIDER_NO_RETRY, BLOCK_RETRY]);
    // A block that still fails after its retries fails the Map, which the phase catches.
    expect(block.Catch).toBeUndefined();
    catchesToMarkFailed(map);

    expect(def.States.AssetsGenerated).toMatchObject({ Type: "Task", Resource: arn("AssetsGenerated"), End: true });
    catchesToMarkFailed(def.States.PlanBlocks);
    catchesToMarkFailed(def.States.AssetsGenerated);
    expectWellFormed(def);
  });

  it("compile: PlanCompile, then the segments beside the mix, then the package beside the video's join, then FinishCompile", () => {
    const def = compileDefinition(arn);
    expect(def.StartAt).toBe("PlanCompile");
    expect(def.States.PlanCompile).toMatchObject({ Type: "Task", Resource: arn("PlanCompile"), Next: COMPILE_STATES.check });
    // Nothing to compile (the render moved on, or this is a duplicate start): end quietly.
    expect(def.States[COMPILE_STATES.check]).toMatchObject({
      Type: "Choice",
      Choices: [{ Variable: "$.skipped", BooleanEquals: true, Next: COMPILE_STATES.nothing }],
      Default: COMPILE_STATES.parts,
    });
    type Parallel = { Type: string; Branches: StateMachineDefinition[]; Next: string; ResultPath: null };
    const parts = def.States[COMPILE_STATES.parts] as unknown as Parallel;
    expect(parts).toMatchObject({ Type: "Parallel", Next: COMPILE_STATES.outputs, ResultPath: null });
    expect(parts.Branches.map((b) => b.StartAt)).toEqual([COMPILE_STATES.segments, "CompileAudio"]);
    expect(parts.Branches[1].States.CompileAudio).toMatchObject({ End: true, Resource: arn("CompileAudio") });
    const map = parts.Branches[0].States[COMPILE_STATES.segments];
    expect(map).toMatchObject({ Type: "Map", ItemsPath: "$.segments", MaxConcurrency: SEGMENT_CONCURRENCY, ResultPath: null, End: true });
    const segment = (map.ItemProcessor as unknown as StateMachineDefinition).States.CompileSegment;
    expect(segment).toMatchObject({
      Type: "Task",
      Resource: arn("CompileSegment"),
      Parameters: { "renderJobId.$": "$.renderJobId", "segment.$": "$.segment" },
    });
    expect(segment.Retry).toContainEqual(COMPILE_RETRY);
    expect(COMPILE_RETRY).toMatchObject({ ErrorEquals: ["States.ALL"], MaxAttempts: 1 });
    // The zip needs the mix's stems and the video its narration: both wait for the mix, neither for the other.
    const outputs = def.States[COMPILE_STATES.outputs] as unknown as Parallel;
    expect(outputs).toMatchObject({ Type: "Parallel", Next: "FinishCompile", ResultPath: null });
    expect(outputs.Branches.map((b) => b.StartAt)).toEqual(["PackageRender", "JoinVideo"]);
    for (const [b, name] of [[0, "PackageRender"], [1, "JoinVideo"]] as const) {
      expect(outputs.Branches[b].States[name]).toMatchObject({ Type: "Task", End: true, Resource: arn(name), Parameters: { "renderJobId.$": "$.renderJobId" } });
      expect(outputs.Branches[b].States[name].Retry).toContainEqual(COMPILE_RETRY);
    }
    for (const branch of [...parts.Branches, ...outputs.Branches]) expectWellFormed(branch);
    catchesToMarkFailed(def.States.PlanCompile);
    catchesToMarkFailed(def.States[COMPILE_STATES.parts]);
    catchesToMarkFailed(def.States[COMPILE_STATES.outputs]);
    catchesToMarkFailed(def.States.FinishCompile);
    expect(def.States.FinishCompile).toMatchObject({ Type: "Task", Resource: arn("FinishCompile"), End: true });
    expectWellFormed(def);
  });

  it.each(PHASES)("%s: MarkFailed gets the render, the phase and the error, then the execution fails", (phase) => {
    const def = DEFINITIONS[phase](arn);
    expect(def.States.MarkFailed).toMatchObject({
      Type: "Task",
      Resource: arn("MarkFailed"),
      Parameters: { "renderJobId.$": "$.renderJobId", phase, "error.$": "$.error" },
      Next: RENDER_FAILED,
    });
    expect(def.States[RENDER_FAILED]).toMatchObject({ Type: "Fail", Error: "RenderFailed" });
    // Every task of the phase is caught (MarkFailed itself ends in the Fail state).
    for (const [name, state] of Object.entries(def.States)) {
      if (state.Type === "Task" && name !== "MarkFailed") catchesToMarkFailed(state);
    }
  });

  it("stays inside what the local runner supports: JSONPath, plain Task ARNs, inline Map", () => {
    for (const phase of PHASES) {
      const text = JSON.stringify(DEFINITIONS[phase](arn));
      expect(text).not.toContain("QueryLanguage");
      expect(text).not.toContain("JSONata");
      expect(text).not.toContain("waitForTaskToken");
      expect(text).not.toContain("DISTRIBUTED");
      expect(text).not.toContain("arn:aws:states:::");
    }
  });

  it("asks the resolver for every task it runs, and only those", () => {
    const asked: string[] = [];
    const resolve = (task: TaskName) => {
      asked.push(task);
      return arn(task);
    };
    const tasks = PHASES.flatMap((phase) => tasksOf(DEFINITIONS[phase](resolve)));
    expect(new Set(asked)).toEqual(new Set(tasks));
    expect(new Set(tasks)).toEqual(new Set(Object.values(TASK)));
    expect(tasksOf(generateDefinition(arn)).sort()).toEqual(["AssetsGenerated", "GenerateBlock", "MarkFailed", "PlanBlocks"].sort());
  });
});

describe("task time limits", () => {
  it("states every task's limit in the definition, so the local runner does not stop a long compile at its 60 s default", () => {
    const arnOf = (t: string) => `arn:${t}`;
    for (const phase of PHASES) {
      const visit = (
        states: Record<
          string,
          {
            Type: string;
            TimeoutSeconds?: number;
            ItemProcessor?: { States: Record<string, never> };
            Branches?: { States: Record<string, never> }[];
          }
        >,
      ) => {
        for (const [name, state] of Object.entries(states)) {
          if (state.Type === "Task") expect(state.TimeoutSeconds).toBe(TASK_TIMEOUT_SECONDS[name as keyof typeof TASK_TIMEOUT_SECONDS]);
          if (state.ItemProcessor) visit(state.ItemProcessor.States);
          for (const branch of state.Branches ?? []) visit(branch.States);
        }
      };
      visit(DEFINITIONS[phase](arnOf as never).States as never);
    }
    // No compile task may exceed Lambda's ceiling.
    for (const t of ["PlanCompile", "CompileSegment", "CompileAudio", "PackageRender", "JoinVideo", "FinishCompile"] as const)
      expect(TASK_TIMEOUT_SECONDS[t]).toBeLessThanOrEqual(900);
  });
});
