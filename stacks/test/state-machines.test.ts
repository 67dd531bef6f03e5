/**
 * The render phases' definitions (core's ASL, which stacks/render.ts deploys): valid Amazon States
 * Language, and retries that fit inside each phase's time limit.
 */
import { createRequire } from "node:module";
import { DEFINITIONS, PHASE_TIMEOUT_SECONDS, PHASES, type StateMachineDefinition } from "@storyboard/core/render/workflow";
import { describe, expect, it } from "vitest";

type Validate = (definition: unknown) => { isValid: boolean; errorsText: (separator?: string) => string };
const validate = createRequire(import.meta.url)("asl-validator") as Validate;

const arn = (task: string) => `arn:aws:lambda:us-east-1:123456789012:function:prod-storyboard-${task}`;
type State = Record<string, any>;

/** Lambda's own failures (the function never ran): a retry costs its interval, not a task's run. */
const costsNoRun = (retrier: State) => retrier.ErrorEquals.every((e: string) => e.startsWith("Lambda."));

/** Seconds the retrier's waits add: IntervalSeconds × BackoffRate^(n-1), summed. */
const waits = (retrier: State) =>
  Array.from({ length: retrier.MaxAttempts ?? 3 }, (_, n) => (retrier.IntervalSeconds ?? 1) * (retrier.BackoffRate ?? 2) ** n).reduce(
    (a, b) => a + b,
    0,
  );

/** The longest a task can take with every retry spent: each run to its timeout. */
function taskWorstCase(state: State): number {
  const retriers: State[] = state.Retry ?? [];
  const runs = 1 + retriers.filter((r) => !costsNoRun(r)).reduce((sum, r) => sum + (r.MaxAttempts ?? 3), 0);
  return runs * state.TimeoutSeconds + retriers.reduce((sum, r) => sum + waits(r), 0);
}

/** The longest path from `start` through `states`: a Parallel takes its longest branch, a Map one item, a Catch adds its handler. */
function worstCase(states: Record<string, State>, start: string): number {
  const memo = new Map<string, number>();
  const from = (name: string): number => {
    if (memo.has(name)) return memo.get(name)!;
    const state = states[name]!;
    let own = 0;
    if (state.Type === "Task") own = taskWorstCase(state);
    if (state.Type === "Parallel") own = Math.max(...state.Branches.map((b: StateMachineDefinition) => worstCase(b.States, b.StartAt)));
    if (state.Type === "Map") own = worstCase(state.ItemProcessor.States, state.ItemProcessor.StartAt);
    const nexts = [
      state.Next,
      state.Default,
      ...(state.Choices ?? []).map((c: State) => c.Next),
      ...(state.Catch ?? []).map((c: State) => c.Next),
    ];
    const after = Math.max(0, ...nexts.filter(Boolean).map(from));
    memo.set(name, own + after);
    return own + after;
  };
  return from(start);
}

describe("render state machines", () => {
  it.each(PHASES)("%s is valid Amazon States Language (asl-validator)", (phase) => {
    const result = validate(DEFINITIONS[phase](arn));
    expect(result.errorsText("\n")).toBe("");
    expect(result.isValid).toBe(true);
  });

  it.each(PHASES)("%s: every task's retries fit inside the phase's limit (one item of a Map)", (phase) => {
    const definition = DEFINITIONS[phase](arn);
    expect(definition.TimeoutSeconds).toBe(PHASE_TIMEOUT_SECONDS[phase]);
    expect(worstCase(definition.States, definition.StartAt)).toBeLessThanOrEqual(PHASE_TIMEOUT_SECONDS[phase]);
  });

  it("counts a retried 900 s task twice: the arithmetic would catch compile's old three retries", () => {
    const task = {
      Type: "Task",
      TimeoutSeconds: 900,
      Retry: [{ ErrorEquals: ["States.ALL"], IntervalSeconds: 1, MaxAttempts: 3, BackoffRate: 2 }],
      End: true,
    };
    expect(worstCase({ T: task }, "T")).toBe(4 * 900 + 1 + 2 + 4);
  });
});
