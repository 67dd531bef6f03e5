/**
 * A worker thread of the local runner (task-threads.ts): imports a task's
 * handler module and runs the inputs the main thread sends, several at once.
 * Its environment is the main thread's, copied when the worker started.
 */
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";

// Media work yields the cores to the API: on Linux a nice value holds for this thread alone, and the
// ffmpeg processes it starts inherit it (docs/decisions.md#scale). Where that is refused, run as is.
const MEDIA_THREAD_NICENESS = 10;
try {
  setPriority(0, MEDIA_THREAD_NICENESS);
} catch {
  // Not permitted here (some containers): the work still runs, only without the lower priority.
}

type Handler = (input: unknown) => Promise<unknown>;
const modules = new Map<string, Promise<Handler>>();
const load = (module: string) => {
  if (!modules.has(module))
    modules.set(
      module,
      import(`@storyboard/functions/${module}`).then((m) => (m as { handler: Handler }).handler),
    );
  return modules.get(module)!;
};

parentPort!.on("message", async ({ id, module, input }: { id: number; module: string; input: unknown }) => {
  try {
    const output = await (await load(module))(input);
    parentPort!.postMessage({ id, ok: true, output });
  } catch (error) {
    const e = error as Error;
    parentPort!.postMessage({ id, ok: false, error: { name: e?.name ?? "Error", message: e?.message ?? String(error) } });
  }
});
