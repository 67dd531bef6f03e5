import { ExecutionAbortedError, ExecutionTimeoutError, StateMachine } from "aws-local-stepfunctions";
import { type ImageWorkStarter, setImageWorkStarter } from "@storyboard/core/render/image-work";
import { type PhaseStarter, setPhaseStarter } from "@storyboard/core/render/phases";
import { DEFINITIONS, type Phase, type TaskName } from "@storyboard/core/render/workflow";
import { handler as executionEnded } from "@storyboard/functions/render/execution-status";
import { handler as imageWork } from "@storyboard/functions/render/image-work";
import { TASK_HANDLERS } from "@storyboard/functions/task-handlers";
import { loadHandler } from "./task-modules";
import { THREADED_TASKS, threadedHandler } from "./task-threads";

// Node 20 lacks Promise.withResolvers, which the runner uses.
const promiseStatics = Promise as unknown as { withResolvers?: () => unknown };
promiseStatics.withResolvers ??= () => {
  let resolve!: (value: unknown) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

type TaskHandler = (input: unknown) => Promise<unknown>;
const localArn = (task: TaskName) => `arn:aws:lambda:us-east-1:000000000000:function:local-${task}`;

/** Reports how long one task run took (the command line's `--timings`). */
export type TaskTimer = (task: TaskName, ms: number) => void;

const timed =
  (task: TaskName, handler: TaskHandler, onTask?: TaskTimer): TaskHandler =>
  async (input) => {
    if (!onTask) return handler(input);
    const started = performance.now();
    try {
      return await handler(input);
    } finally {
      onTask(task, performance.now() - started);
    }
  };

async function loadHandlers(threads = false, onTask?: TaskTimer): Promise<Record<string, TaskHandler>> {
  const entries = await Promise.all(
    (Object.entries(TASK_HANDLERS) as [TaskName, string][]).map(async ([task, module]) => {
      if (threads && THREADED_TASKS.has(task)) return [task, timed(task, threadedHandler(module), onTask)] as const;
      return [task, timed(task, await loadHandler<TaskHandler>(module), onTask)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

export interface LocalRunnerOptions {
  /** Seconds between task retries; 0 keeps the retry counts without the waiting (tests). */
  retryIntervalSeconds?: number;
  /** Media tasks in worker threads (task-threads.ts), keeping the API responsive; off in tests, which swap providers in-process. */
  threads?: boolean;
  /** Shorter task time limits by task name (tests that make tasks time out without waiting minutes). */
  taskTimeoutSeconds?: Partial<Record<TaskName, number>>;
  onTask?: TaskTimer;
  /**
   * Check each definition against the States Language schema, once per process (default true).
   * The command line skips it: the schema check costs ~150 ms of CPU a phase, and the same
   * definitions are checked by the tests and by every `npm start` run.
   */
  validateDefinitions?: boolean;
}

type Definition = ReturnType<(typeof DEFINITIONS)[Phase]>;

/** The definition with some tasks' TimeoutSeconds replaced, however deep their state sits (Map, Parallel). */
function withTaskTimeouts(definition: Definition, timeouts: Partial<Record<TaskName, number>> = {}): Definition {
  const visit = (value: unknown, name?: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => visit(item));
    if (!value || typeof value !== "object") return value;
    const state = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, visit(child, key)]));
    const limit = name ? timeouts[name as TaskName] : undefined;
    return state.Type === "Task" && limit !== undefined ? { ...state, TimeoutSeconds: limit } : state;
  };
  return visit(definition) as Definition;
}

const running = new Set<Promise<unknown>>();
/** Live executions by render, so a test can kill one as an operator (or a crash) would. */
const executions = new Map<string, { abort: () => void }>();

/** The Step Functions status an ended execution reports. */
function endStatus(error: unknown) {
  if (error instanceof ExecutionAbortedError) return "ABORTED";
  if (error instanceof ExecutionTimeoutError) return "TIMED_OUT";
  return "FAILED";
}

/**
 * Runs a phase's state machine with `aws-local-stepfunctions`, the same ASL
 * JSON that Step Functions runs on AWS, each task calling its Lambda handler module.
 */
export async function runPhaseLocally(phase: Phase, input: { renderJobId: string }, options: LocalRunnerOptions = {}) {
  return startPhaseLocally(phase, input, options).result;
}

/**
 * Definitions already checked against the States Language schema in this process: the check holds
 * the main thread ~150 ms, which every phase start used to spend again, stalling every request meanwhile.
 */
const checkedDefinitions = new Set<string>();

function phaseMachine(phase: Phase, options: LocalRunnerOptions) {
  const definition = withTaskTimeouts(DEFINITIONS[phase](localArn), options.taskTimeoutSeconds);
  const key = `${phase}:${JSON.stringify(options.taskTimeoutSeconds ?? {})}`;
  const machine = new StateMachine(definition as never, {
    validationOptions: { noValidate: options.validateDefinitions === false || checkedDefinitions.has(key) },
  });
  checkedDefinitions.add(key);
  return machine;
}

function startPhaseLocally(phase: Phase, input: { renderJobId: string }, options: LocalRunnerOptions) {
  const machine = phaseMachine(phase, options);
  const retryIntervalOverrides =
    options.retryIntervalSeconds === undefined
      ? undefined
      : Object.fromEntries(Object.keys(TASK_HANDLERS).map((t) => [t, options.retryIntervalSeconds!]));
  let aborted = false;
  let abortRun = () => {
    aborted = true;
  };
  const result = loadHandlers(options.threads, options.onTask).then((handlers) => {
    if (aborted) throw new ExecutionAbortedError();
    const execution = machine.run(input as never, {
      overrides: { taskResourceLocalHandlers: handlers as never, retryIntervalOverrides },
    });
    abortRun = execution.abort;
    return execution.result;
  });
  return { result, abort: () => abortRun() };
}

/** Installs the local runner as the render phase starter: phases run in the background, like Step Functions. */
export function useLocalWorkflows(options: LocalRunnerOptions = {}) {
  // Checked now, while nothing waits, rather than at a render's first start of each phase.
  if (options.validateDefinitions !== false) for (const phase of Object.keys(DEFINITIONS) as Phase[]) phaseMachine(phase, options);
  setPhaseStarter(localPhaseStarter(options));
  setImageWorkStarter(localImageWorkStarter);
}

/** On-demand frames drawn in this process after the request answers, as the asynchronous Lambda invocation does on AWS. */
const localImageWorkStarter: ImageWorkStarter = {
  async start(input) {
    const run = imageWork(input)
      .catch((error) => console.error(`On-demand image ${input.requestId} of ${input.renderJobId} failed: ${(error as Error).message}`))
      .finally(() => running.delete(run));
    running.add(run);
  },
};

/** The local runner as a phase starter (a test may wrap it to lose starts on purpose). */
export function localPhaseStarter(options: LocalRunnerOptions = {}): PhaseStarter {
  return {
    async start(phase, input) {
      const execution = startPhaseLocally(phase, input, options);
      executions.set(input.renderJobId, execution);
      const run = execution.result
        .catch(async (error) => {
          const status = endStatus(error);
          if (process.env.LOG_LEVEL !== "SILENT")
            console.error(`Local ${phase} execution for ${input.renderJobId} ended ${status}: ${(error as Error).message}`);
          // What EventBridge delivers on AWS when an execution ends unfinished (stacks/render.ts).
          await executionEnded({
            "detail-type": "Step Functions Execution Status Change",
            detail: { status, executionArn: `local:${phase}:${input.renderJobId}`, input: JSON.stringify(input) },
          }).catch((settleError) =>
            console.error(`Settling the ${phase} execution of ${input.renderJobId} failed: ${(settleError as Error).message}`),
          );
        })
        .finally(() => {
          running.delete(run);
          if (executions.get(input.renderJobId) === execution) executions.delete(input.renderJobId);
        });
      running.add(run);
    },
  };
}

/** Kills a render's live execution, as `StopExecution` or a crash would: it ends ABORTED. */
export function abortLocalExecution(renderJobId: string): boolean {
  const execution = executions.get(renderJobId);
  execution?.abort();
  return !!execution;
}

/** Resolves when every phase (and on-demand frame) started so far, and those they start, has finished. */
export async function workflowsSettled() {
  while (running.size) await Promise.all([...running]);
}
