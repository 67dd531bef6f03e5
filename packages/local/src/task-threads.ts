/**
 * Media tasks off the API's event loop (docs/decisions.md#scale): under
 * `npm start` the local runner sends GenerateBlock and the compile tasks to a small pool
 * of worker threads, so offline speech (WASM, synchronous), frame drawing and
 * ffmpeg orchestration never hold up a request. Describe and the bookkeeping
 * tasks stay on the main thread (they start the next phase, whose starter
 * lives here). Tests keep every task in-process so they can swap providers.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

export const THREADED_TASKS = new Set(["GenerateBlock", "PlanCompile", "CompileSegment", "CompileAudio", "PackageRender", "JoinVideo", "FinishCompile"]);

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

let pool: { workers: Worker[]; next: number; pending: Map<number, Pending>; seq: number } | undefined;

function startPool() {
  const pending = new Map<number, Pending>();
  const size = Math.max(1, Math.min(2, availableParallelism()));
  const workers = Array.from({ length: size }, () => {
    const worker = new Worker(new URL("./task-worker.mjs", import.meta.url), { env: { ...process.env } });
    worker.on("message", ({ id, ok, output, error }) => {
      const p = pending.get(id);
      if (!p) return;
      pending.delete(id);
      if (ok) p.resolve(output);
      else p.reject(Object.assign(new Error(error.message), { name: error.name }));
    });
    // A dead worker fails what it held; the next task starts a fresh pool.
    const fail = (error: Error) => {
      for (const p of pending.values()) p.reject(error);
      pending.clear();
      if (pool?.workers.includes(worker)) void stopTaskThreads();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`A local task thread stopped (exit code ${code}).`)));
    worker.unref();
    return worker;
  });
  return { workers, next: 0, pending, seq: 0 };
}

/** A task handler that runs `module`'s handler in the worker pool. */
export function threadedHandler(module: string) {
  return (input: unknown) => {
    pool ??= startPool();
    const p = pool;
    const id = ++p.seq;
    const worker = p.workers[p.next++ % p.workers.length];
    return new Promise((resolve, reject) => {
      p.pending.set(id, { resolve, reject });
      worker.postMessage({ id, module, input });
    });
  };
}

export async function stopTaskThreads() {
  const p = pool;
  pool = undefined;
  if (p) await Promise.all(p.workers.map((w) => w.terminate()));
}
