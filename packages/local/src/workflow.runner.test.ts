/**
 * Runs the render definitions on `aws-local-stepfunctions`, the runner that
 * `npm start` uses, to prove the same JSON executes there: state-name keyed
 * handlers, the Map's concurrency bound, retries, and the MarkFailed path.
 * (The runner is a dependency of `@storyboard/local`, hoisted to the root.)
 */
import { ExecutionError, StateMachine } from "aws-local-stepfunctions";
import { describe, expect, it } from "vitest";
import {
  compileDefinition,
  describeDefinition,
  generateDefinition,
  SEGMENT_CONCURRENCY,
  type StateMachineDefinition,
  TASK,
  type TaskName,
} from "@storyboard/core/render/workflow";

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
      retryIntervalOverrides: Object.fromEntries(Object.values(TASK).map((task) => [task, 0])),
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
    await run(
      generateDefinition(arn),
      { renderJobId: "r1" },
      {
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
      },
    );
    expect(seen.sort()).toEqual(
      items("r1", 10)
        .map((i) => `${i.renderJobId}:${i.batch}`)
        .sort(),
    );
    expect(peak).toBeLessThanOrEqual(4);
    expect(peak).toBeGreaterThan(1);
    expect(assetsGenerated).toEqual([{ renderJobId: "r1" }]);
  });

  it("retries a failing batch up to 3 times before giving up", async () => {
    const attempts = new Map<string, number>();
    const marked: any[] = [];
    await run(
      generateDefinition(arn),
      { renderJobId: "r2" },
      {
        PlanBlocks: async ({ renderJobId }) => ({ renderJobId, items: items(renderJobId, 2) }),
        GenerateBlock: async ({ batch }) => {
          const n = (attempts.get(`b${batch}`) ?? 0) + 1;
          attempts.set(`b${batch}`, n);
          if (n < 3) throw new Error(`flaky batch ${batch}`);
          return {};
        },
        AssetsGenerated: async () => ({}),
        MarkFailed: async (input) => (marked.push(input), {}),
      },
    );
    expect(Object.fromEntries(attempts)).toEqual({ b0: 3, b1: 3 });
    expect(marked).toEqual([]);

    attempts.clear();
    const failing = run(
      generateDefinition(arn),
      { renderJobId: "r3" },
      {
        PlanBlocks: async ({ renderJobId }) => ({ renderJobId, items: items(renderJobId, 1) }),
        GenerateBlock: async ({ batch }) => {
          attempts.set(`b${batch}`, (attempts.get(`b${batch}`) ?? 0) + 1);
          throw new Error("provider down");
        },
        AssetsGenerated: async () => {
          throw new Error("must not run");
        },
        MarkFailed: async (input) => (marked.push(input), {}),
      },
    );
    await expect(failing).rejects.toBeInstanceOf(ExecutionError);
    expect(attempts.get("b0")).toBe(4); // the first try and 3 retries
    expect(marked).toHaveLength(1);
    expect(marked[0]).toMatchObject({ renderJobId: "r3", phase: "generate", error: { Error: expect.any(String) } });
  });

  it("describe: a failing task is marked failed with its phase, and the execution fails", async () => {
    const marked: any[] = [];
    const ok = await run(describeDefinition(arn), { renderJobId: "ok" }, { Describe: async () => ({ done: true }) });
    expect(ok).toEqual({ renderJobId: "ok" });
    const failing = run(
      describeDefinition(arn),
      { renderJobId: "bad" },
      {
        Describe: async () => {
          throw new Error("boom");
        },
        MarkFailed: async (input: unknown) => (marked.push(input), {}),
      },
    );
    await expect(failing).rejects.toBeInstanceOf(ExecutionError);
    expect(marked).toEqual([{ renderJobId: "bad", phase: "describe", error: expect.objectContaining({ Error: expect.any(String) }) }]);
  });
});

describe("compile phase on the local runner", () => {
  const segments = (renderJobId: string, n: number) => Array.from({ length: n }, (_, segment) => ({ renderJobId, segment }));

  function handlers(renderJobId: string, n: number, log: string[], overrides: Partial<Record<TaskName, Handler>> = {}) {
    let running = 0;
    let peak = 0;
    const base: Partial<Record<TaskName, Handler>> = {
      PlanCompile: async () => ({ renderJobId, skipped: false, segments: segments(renderJobId, n) }),
      CompileSegment: async ({ segment }) => {
        peak = Math.max(peak, ++running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        log.push(`segment ${segment}`);
        return { renderJobId, segment };
      },
      CompileAudio: async () => (log.push("audio"), { renderJobId }),
      PackageRender: async () => (log.push("package"), { renderJobId }),
      JoinVideo: async () => (log.push("join"), { renderJobId }),
      FinishCompile: async () => (log.push("finish"), { renderJobId, status: "complete" }),
    };
    return { handlers: { ...base, ...overrides }, peak: () => peak };
  }

  it("encodes every segment once, at most SEGMENT_CONCURRENCY at a time, beside the audio, then packages beside the join, then finishes", async () => {
    const log: string[] = [];
    const { handlers: h, peak } = handlers("c1", 25, log);
    expect(await run(compileDefinition(arn), { renderJobId: "c1" }, h)).toMatchObject({ renderJobId: "c1" });
    expect(log.filter((l) => l.startsWith("segment")).sort()).toEqual(
      segments("c1", 25)
        .map((s) => `segment ${s.segment}`)
        .sort(),
    );
    expect(log).toEqual(expect.arrayContaining(["audio", "package", "join"]));
    // The package and the join come after every segment and the mix, and the render finishes after both.
    const lastPart = Math.max(...log.flatMap((l, i) => (l.startsWith("segment") || l === "audio" ? [i] : [])));
    for (const step of ["package", "join"]) expect(log.indexOf(step)).toBeGreaterThan(lastPart);
    expect(log.at(-1)).toBe("finish");
    expect(peak()).toBeLessThanOrEqual(SEGMENT_CONCURRENCY);
    expect(peak()).toBeGreaterThan(1);
  });

  it("runs no CompileSegment when PlanCompile took every segment from the store (an empty Map), and still finishes", async () => {
    const log: string[] = [];
    const { handlers: h } = handlers("c4", 0, log);
    expect(await run(compileDefinition(arn), { renderJobId: "c4" }, h)).toMatchObject({ renderJobId: "c4" });
    expect(log.filter((l) => l.startsWith("segment"))).toEqual([]);
    expect(log).toEqual(expect.arrayContaining(["audio", "package", "join"]));
    expect(log.at(-1)).toBe("finish");
  });

  it("does nothing more when PlanCompile finds nothing to compile", async () => {
    const log: string[] = [];
    const { handlers: h } = handlers("c2", 3, log, { PlanCompile: async () => ({ renderJobId: "c2", skipped: true, segments: [] }) });
    await run(compileDefinition(arn), { renderJobId: "c2" }, h);
    expect(log).toEqual([]);
  });

  it.each(["CompileSegment", "CompileAudio", "PackageRender", "JoinVideo", "FinishCompile"] as const)(
    "a failing %s (after its retries) is marked failed with the phase, and the execution fails",
    async (task) => {
      const log: string[] = [];
      const marked: any[] = [];
      const { handlers: h } = handlers("c3", 3, log, {
        [task]: async () => {
          throw new Error("ffmpeg exited with code 1");
        },
        MarkFailed: async (input: unknown) => (marked.push(input), {}),
      });
      await expect(run(compileDefinition(arn), { renderJobId: "c3" }, h)).rejects.toBeInstanceOf(ExecutionError);
      expect(marked).toEqual([{ renderJobId: "c3", phase: "compile", error: expect.objectContaining({ Error: expect.any(String) }) }]);
      if (task !== "FinishCompile") expect(log).not.toContain("finish");
    },
  );
});
