/**
 * The render state machines (docs/architecture.md#render-phases) as Amazon States Language.
 *
 * The same definitions run on Step Functions (`stacks/render.ts`) and on the
 * local runner `aws-local-stepfunctions` (`packages/local`). That runner keys
 * its task handlers by state name, evaluates JSONPath only (no JSONata), has no
 * `.waitForTaskToken` and no Distributed Map, so the definitions stay inside
 * that subset: plain `Task` states whose `Resource` is a Lambda ARN (the output
 * is the function's own return value, like LambdaInvoke with
 * `payloadResponseOnly`), an INLINE Map, JSONPath parameters.
 *
 * Pure data: no AWS SDK, no I/O.
 */

/** State names of the tasks; also the keys the local runner's handlers use. */
export const TASK = {
  describe: "Describe",
  planBlocks: "PlanBlocks",
  generateBlock: "GenerateBlock",
  assetsGenerated: "AssetsGenerated",
  planCompile: "PlanCompile",
  compileSegment: "CompileSegment",
  compileAudio: "CompileAudio",
  packageRender: "PackageRender",
  joinVideo: "JoinVideo",
  finishCompile: "FinishCompile",
  markFailed: "MarkFailed",
} as const;

export type TaskName = (typeof TASK)[keyof typeof TASK];

/** The Map state of the generate phase. */
export const GENERATE_BLOCKS_MAP = "GenerateBlocks";
/** The compile phase's states around its tasks. */
export const COMPILE_STATES = {
  check: "AnythingToCompile",
  nothing: "NothingToCompile",
  parts: "CompileParts",
  segments: "CompileSegments",
  outputs: "CompileOutputs",
} as const;
/** The terminal state after MarkFailed: the execution ends FAILED. */
export const RENDER_FAILED = "RenderFailed";
/** At most this many block tasks run at once in one render. */
export const BLOCK_CONCURRENCY = 4;
/** At most this many video segments are encoded at once in one render (one Lambda each on AWS). */
export const SEGMENT_CONCURRENCY = 10;

export const PHASES = ["describe", "generate", "compile"] as const;
export type Phase = (typeof PHASES)[number];

/** Where each task runs: a Lambda ARN on AWS, any string the local runner accepts locally. */
export type ResolveTask = (task: TaskName) => string;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type State = { [key: string]: Json };
export interface StateMachineDefinition {
  Comment: string;
  TimeoutSeconds?: number;
  StartAt: string;
  States: Record<string, State>;
}

/** Lambda's own transient failures: the function did not run, so a retry is always safe. */
const LAMBDA_TRANSIENT_RETRY: State = {
  ErrorEquals: ["Lambda.ServiceException", "Lambda.AWSLambdaException", "Lambda.SdkClientException", "Lambda.TooManyRequestsException"],
  IntervalSeconds: 2,
  MaxAttempts: 3,
  BackoffRate: 2,
};

/**
 * A provider's failure is not retried by the workflow: its client already
 * spent the block's retry budget, or the error cannot succeed on a retry
 * (docs/decisions.md#provider-errors). Listed before BLOCK_RETRY, which
 * would match it too: Step Functions uses the first retrier that matches.
 */
export const PROVIDER_NO_RETRY: State = { ErrorEquals: ["ProviderError"], MaxAttempts: 0 };

/** Block tasks are idempotent (keyed by render, block and kind), so any other failure may retry. */
export const BLOCK_RETRY: State = {
  ErrorEquals: ["States.ALL"],
  IntervalSeconds: 1,
  MaxAttempts: 3,
  BackoffRate: 2,
};

/**
 * Compile tasks run for up to Lambda's 15 minutes: one more try of a failed one, so the phase's worst
 * case (plan, a segment tried twice, the join, MarkFailed) stays inside its hour (stacks/test checks the sum).
 */
export const COMPILE_RETRY: State = { ...BLOCK_RETRY, MaxAttempts: 1 };

const catchToMarkFailed = (): State[] => [{ ErrorEquals: ["States.ALL"], ResultPath: "$.error", Next: TASK.markFailed }];

/**
 * Each task's time limit, stated in the definition so Step Functions and the
 * local runner (whose default is 60 s) agree; stacks/render.ts gives each
 * Lambda the same timeout.
 */
export const TASK_TIMEOUT_SECONDS: Record<TaskName, number> = {
  Describe: 300,
  // Draws the portraits the descriptions review made stale (render/character-references.ts) before planning.
  PlanBlocks: 300,
  GenerateBlock: 300,
  AssetsGenerated: 60,
  PlanCompile: 120,
  // Lambda's ceiling. A segment is at most SEGMENT_LIMITS long (media/segments.ts), far less.
  CompileSegment: 900,
  CompileAudio: 900,
  // Poster, PDF, shot list and zip: minutes for a feature. It follows the mix (the zip holds the stems), beside
  // the video's join, so both, each tried twice, must fit the compile phase after the segments and the mix.
  PackageRender: 600,
  JoinVideo: 900,
  // Records the outputs and completes the render: no media.
  FinishCompile: 120,
  MarkFailed: 60,
};

/**
 * How long each phase may run in total (the execution's `TimeoutSeconds`):
 * Step Functions then ends it TIMED_OUT, and the execution-status rule fails
 * and refunds the render (docs/decisions.md#hardening).
 */
export const PHASE_TIMEOUT_SECONDS: Record<Phase, number> = {
  describe: 30 * 60,
  generate: 3 * 60 * 60,
  // The mix, then packaging beside the join, each tried twice (about 50 min at worst), after planning.
  compile: 75 * 60,
};

/** Execution statuses that end a phase unfinished; EventBridge reports them (execution-status.ts). */
export const ENDED_UNFINISHED = ["FAILED", "TIMED_OUT", "ABORTED"] as const;

function task(resolve: ResolveTask, name: TaskName, rest: State): State {
  return { Type: "Task", Resource: resolve(name), TimeoutSeconds: TASK_TIMEOUT_SECONDS[name], Retry: [LAMBDA_TRANSIENT_RETRY], ...rest };
}

/** MarkFailed records the failure on the render job (status, refund), then the execution fails. */
function failureStates(resolve: ResolveTask, phase: Phase): Record<string, State> {
  return {
    [TASK.markFailed]: task(resolve, TASK.markFailed, {
      Parameters: { "renderJobId.$": "$.renderJobId", phase, "error.$": "$.error" },
      ResultPath: null,
      Next: RENDER_FAILED,
    }),
    [RENDER_FAILED]: { Type: "Fail", Error: "RenderFailed", Cause: `The ${phase} phase failed.` },
  };
}

/** Phase 1: characters, scenes and image prompts. Input `{ renderJobId }`. */
export function describeDefinition(resolve: ResolveTask): StateMachineDefinition {
  return {
    TimeoutSeconds: PHASE_TIMEOUT_SECONDS.describe,
    Comment: "Render phase 1: describe characters, scenes and image prompts.",
    StartAt: TASK.describe,
    States: {
      [TASK.describe]: task(resolve, TASK.describe, {
        Parameters: { "renderJobId.$": "$.renderJobId" },
        ResultPath: null,
        Catch: catchToMarkFailed(),
        End: true,
      }),
      ...failureStates(resolve, "describe"),
    },
  };
}

/**
 * Phase 2: an image and an audio clip per block. Input `{ renderJobId }`;
 * PlanBlocks writes the work list to S3 in fixed-size batches and answers
 * `{ renderJobId, items: [{ renderJobId, batch }] }`; each GenerateBlock reads
 * its batch (core/render/batches.ts). The Map discards its results
 * (ResultPath null), so the state stays small however long the screenplay.
 */
export function generateDefinition(resolve: ResolveTask): StateMachineDefinition {
  return {
    TimeoutSeconds: PHASE_TIMEOUT_SECONDS.generate,
    Comment: "Render phase 2: generate the image and audio of every block, then mark the assets ready.",
    StartAt: TASK.planBlocks,
    States: {
      [TASK.planBlocks]: task(resolve, TASK.planBlocks, {
        Parameters: { "renderJobId.$": "$.renderJobId" },
        Catch: catchToMarkFailed(),
        Next: GENERATE_BLOCKS_MAP,
      }),
      [GENERATE_BLOCKS_MAP]: {
        Type: "Map",
        ItemsPath: "$.items",
        MaxConcurrency: BLOCK_CONCURRENCY,
        ItemProcessor: {
          ProcessorConfig: { Mode: "INLINE" },
          StartAt: TASK.generateBlock,
          States: {
            [TASK.generateBlock]: {
              Type: "Task",
              Resource: resolve(TASK.generateBlock),
              TimeoutSeconds: TASK_TIMEOUT_SECONDS[TASK.generateBlock],
              Parameters: { "renderJobId.$": "$.renderJobId", "batch.$": "$.batch" },
              Retry: [PROVIDER_NO_RETRY, BLOCK_RETRY],
              End: true,
            },
          },
        },
        ResultPath: null,
        Catch: catchToMarkFailed(),
        Next: TASK.assetsGenerated,
      },
      [TASK.assetsGenerated]: task(resolve, TASK.assetsGenerated, {
        Parameters: { "renderJobId.$": "$.renderJobId" },
        ResultPath: null,
        Catch: catchToMarkFailed(),
        End: true,
      }),
      ...failureStates(resolve, "generate"),
    },
  };
}

/**
 * Phase 3: video, poster, combined audio and project zip. Input `{ renderJobId }`.
 * PlanCompile writes the plan to S3 (core/render/compile-plan.ts) and answers
 * `{ renderJobId, skipped, segments: [{ renderJobId, segment }] }`, only the segments to encode (it copies the
 * stored ones itself, so the Map may be empty: docs/decisions.md#a-revised-compile-touches-only-what-changed).
 * The video's segments and the sound mix are made in parallel; then, in parallel again, PackageRender (poster,
 * PDF and the zip, which holds the mix's stems) and JoinVideo (the segments and the narration joined by a
 * stream copy: docs/decisions.md#scale); then FinishCompile records the outputs and completes the render
 * (docs/decisions.md#packaging-beside-the-join).
 */
export function compileDefinition(resolve: ResolveTask): StateMachineDefinition {
  const branch = (name: string, state: State) => ({ StartAt: name, States: { [name]: state } });
  const partTask = (name: TaskName) =>
    branch(
      name,
      task(resolve, name, {
        Parameters: { "renderJobId.$": "$.renderJobId" },
        ResultPath: null,
        Retry: [LAMBDA_TRANSIENT_RETRY, COMPILE_RETRY],
        End: true,
      }),
    );
  return {
    TimeoutSeconds: PHASE_TIMEOUT_SECONDS.compile,
    Comment: "Render phase 3: the video's segments beside the sound mix, then the package beside the video's join, then complete.",
    StartAt: TASK.planCompile,
    States: {
      [TASK.planCompile]: task(resolve, TASK.planCompile, {
        Parameters: { "renderJobId.$": "$.renderJobId" },
        Catch: catchToMarkFailed(),
        Next: COMPILE_STATES.check,
      }),
      [COMPILE_STATES.check]: {
        Type: "Choice",
        Choices: [{ Variable: "$.skipped", BooleanEquals: true, Next: COMPILE_STATES.nothing }],
        Default: COMPILE_STATES.parts,
      },
      [COMPILE_STATES.nothing]: { Type: "Succeed" },
      [COMPILE_STATES.parts]: {
        Type: "Parallel",
        Branches: [
          branch(COMPILE_STATES.segments, {
            Type: "Map",
            ItemsPath: "$.segments",
            MaxConcurrency: SEGMENT_CONCURRENCY,
            ItemProcessor: {
              ProcessorConfig: { Mode: "INLINE" },
              ...branch(TASK.compileSegment, {
                Type: "Task",
                Resource: resolve(TASK.compileSegment),
                TimeoutSeconds: TASK_TIMEOUT_SECONDS[TASK.compileSegment],
                Parameters: { "renderJobId.$": "$.renderJobId", "segment.$": "$.segment" },
                Retry: [LAMBDA_TRANSIENT_RETRY, COMPILE_RETRY],
                End: true,
              }),
            },
            ResultPath: null,
            End: true,
          }),
          partTask(TASK.compileAudio),
        ],
        ResultPath: null,
        Catch: catchToMarkFailed(),
        Next: COMPILE_STATES.outputs,
      },
      // Both need the mix (the zip its stems, the video its narration); neither needs the other.
      [COMPILE_STATES.outputs]: {
        Type: "Parallel",
        Branches: [partTask(TASK.packageRender), partTask(TASK.joinVideo)],
        ResultPath: null,
        Catch: catchToMarkFailed(),
        Next: TASK.finishCompile,
      },
      [TASK.finishCompile]: task(resolve, TASK.finishCompile, {
        Parameters: { "renderJobId.$": "$.renderJobId" },
        ResultPath: null,
        Catch: catchToMarkFailed(),
        End: true,
      }),
      ...failureStates(resolve, "compile"),
    },
  };
}

export const DEFINITIONS: Record<Phase, (resolve: ResolveTask) => StateMachineDefinition> = {
  describe: describeDefinition,
  generate: generateDefinition,
  compile: compileDefinition,
};

/** The tasks each phase runs (including MarkFailed), e.g. to grant invoke rights. */
export function tasksOf(definition: StateMachineDefinition): TaskName[] {
  const names = new Set<TaskName>();
  const visit = (states: Record<string, State>) => {
    for (const [name, state] of Object.entries(states)) {
      if (state.Type === "Task") names.add(name as TaskName);
      const processor = (state.ItemProcessor ?? state.Iterator) as { States?: Record<string, State> } | undefined;
      if (processor?.States) visit(processor.States);
      for (const branch of (state.Branches ?? []) as { States: Record<string, State> }[]) visit(branch.States);
    }
  };
  visit(definition.States);
  return [...names];
}
