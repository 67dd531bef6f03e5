/**
 * A worker thread of the local runner (task-threads.ts): imports a task's
 * handler module and runs the inputs the main thread sends, several at once.
 * Its environment is the main thread's, copied when the worker started.
 */
import { spawnSync } from "node:child_process";
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";

// Media work yields the cores to the API (docs/decisions.md#scale). On Linux this thread runs under
// SCHED_IDLE: it gets a core only when nothing else wants one, and a request waking the API's thread
// takes the core at once, where a nice value only shares it by weight. Scheduling policy and nice value
// hold for this thread alone, and the ffmpeg processes it starts inherit them. Where either is refused
// (another system, a container without chrt), the work runs as is.
const MEDIA_THREAD_NICENESS = 10;
try {
  setPriority(0, MEDIA_THREAD_NICENESS);
} catch {
  // Not permitted here: the work still runs, only without the lower priority.
}
if (process.platform === "linux") {
  try {
    // /proc/thread-self names the calling thread: <pid>/task/<tid>.
    const threadId = readlinkSync("/proc/thread-self").split("/").at(-1)!;
    spawnSync("chrt", ["--idle", "--pid", "0", threadId], { stdio: "ignore", timeout: 5_000 });
  } catch {
    // No chrt: the nice value above still holds.
  }
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
