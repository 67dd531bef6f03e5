/**
 * Runs the render definitions on `aws-local-stepfunctions`, the runner that
 * `npm start` uses, to prove the same JSON executes there: state-name keyed
 * handlers, the Map's concurrency bound, retries, and the MarkFailed path.
 * (The runner is a dependency of `@storyboard/local`, hoisted to the root.)
 */
import { ExecutionError, StateMachine } from "aws-local-stepfunctions";
import { describe, expect, it } from "vitest";
import { compileDefinition, describeDefinition, generateDefinition, type StateMachineDefinition, type TaskName } from "@storyboard/core/render/workflow";

// Node 20 lacks Promise.withResolvers, which the runner uses.
const promiseCtor = Promise as unknown as { withResolvers?: () => unknown };
promiseCtor.withResolvers ??= () => {
  let resolve!: (value: unknown) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

const arn = (task: TaskName) => `arn:aws:lambda:us-east-1:123456789012:function:local-${task}`;
type Handler = (input: any) => Promise<any>;

function run(definition: StateMachineDefinition, input: unknown, handlers: Partial<Record<TaskName, Handler>>) {
  const machine = new StateMachine(definition as any);
  return machine.run(input as any, {
    overrides: {
      taskResourceLocalHandlers: handlers as any,
      // Keep the real retry counts, without the real waiting.
      retryIntervalOverrides: { GenerateBlock: 0, Describe: 0, PlanBlocks: 0, AssetsGenerated: 0, Compile: 0, MarkFailed: 0 },
    },
  }).result;
}

/** The Map's items: batches of block tasks that PlanBlocks wrote to S3 (core/render/batches.ts). */
const items = (renderJobId: string, n: number) => Array.from({ length: n }, (_, batch) => ({ renderJobId, batch }));

describe("render workflow on the local runner", () => {
  it("generate runs every batch once, never more than 4 at a time, then AssetsGenerated", async () => {
    const seen: string[] = [];
    let running = 0;
    let peak = 0;
    const assetsGenerated: unknown[] = [];
    await run(generateDefinition(arn), { renderJobId: "r1" }, {
      PlanBlocks: async ({ renderJobId }) => ({ renderJobId, items: items(renderJobId, 10) }),
      GenerateBlock: async (input) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5));
        seen.push(`${input.renderJobId}:${input.batch}`);
        running--;
        return { ok: true };
      },
      AssetsGenerated: async (input) => {
        assetsGenerated.push(input);
        return {};
      },
    });
    expect(seen.sort()).toEqual(items("r1", 10).map((i) => `${i.renderJobId}:${i.batch}`).sort());
    expect(peak).toBeLessThanOrEqual(4);
    expect(peak).toBeGreaterThan(1);
    expect(assetsGenerated).toEqual([{ renderJobId: "r1" }]);
  });

  it("retries a failing batch up to 3 times before giving up", async () => {
    const attempts = new Map<string, number>();
    const marked: any[] = [];
    await run(generateDefinition(arn), { renderJobId: "r2" }, {
      PlanBlocks: async ({ renderJobId }) => ({ renderJobId, items: items(renderJobId, 2) }),
      GenerateBlock: async ({ batch }) => {
        const n = (attempts.get(`b${batch}`) ?? 0) + 1;
        attempts.set(`b${batch}`, n);
        if (n < 3) throw new Error(`flaky batch ${batch}`);
        return {};
      },
      AssetsGenerated: async () => ({}),
      MarkFailed: async (input) => (marked.push(input), {}),
    });
    expect(Object.fromEntries(attempts)).toEqual({ b0: 3, b1: 3 });
    expect(marked).toEqual([]);

    attempts.clear();
    const failing = run(generateDefinition(arn), { renderJobId: "r3" }, {
      PlanBlocks: async ({ renderJobId }) => ({ renderJobId, items: items(renderJobId, 1) }),
      GenerateBlock: async ({ batch }) => {
        attempts.set(`b${batch}`, (attempts.get(`b${batch}`) ?? 0) + 1);
        throw new Error("provider down");
      },
      AssetsGenerated: async () => {
        throw new Error("must not run");
      },
      MarkFailed: async (input) => (marked.push(input), {}),
    });
    await expect(failing).rejects.toBeInstanceOf(ExecutionError);
    expect(attempts.get("b0")).toBe(4); // the first try and 3 retries
    expect(marked).toHaveLength(1);
    expect(marked[0]).toMatchObject({ renderJobId: "r3", phase: "generate", error: { Error: expect.any(String) } });
  });

  it.each([
    ["describe", describeDefinition, "Describe"],
    ["compile", compileDefinition, "Compile"],
  ] as const)("%s: a failing task is marked failed with its phase, and the execution fails", async (phase, build, task) => {
    const marked: any[] = [];
    const ok = await run(build(arn), { renderJobId: "ok" }, { [task]: async () => ({ done: true }) });
    expect(ok).toEqual({ renderJobId: "ok" });
    const failing = run(build(arn), { renderJobId: "bad" }, {
      [task]: async () => {
        throw new Error("boom");
      },
      MarkFailed: async (input: unknown) => (marked.push(input), {}),
    });
    await expect(failing).rejects.toBeInstanceOf(ExecutionError);
    expect(marked).toEqual([{ renderJobId: "bad", phase, error: expect.objectContaining({ Error: expect.any(String) }) }]);
  });
});
