import { fork } from "node:child_process";
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

/**
 * The whole product for the browser tests: the production build of the web
 * app with the API on one port, built and served by a separate process (see
 * serve-product.ts), so nothing of it stays behind in vitest's own process.
 *
 * Not awaited here: vitest runs every project's global setup before the first
 * test of any project, and the browser tests run last (vitest.config.ts), so the
 * build goes on beside the unit and web files instead of before them. The child
 * writes its environment (or its error) to a file that e2e/worker-env.ts waits for.
 */
export default async function setup(project: TestProject) {
  const script = fileURLToPath(new URL("../packages/local/src/test/serve-product.ts", import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), "storyboard-e2e-ready-"));
  const readyFile = join(dir, "env.json");
  const child = fork(script, [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, PRODUCT_READY_FILE: readyFile },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // A server that dies before it is ready (killed, out of memory) says so, rather than leaving the workers to wait out their 10 minutes.
  child.once("exit", (code, signal) => {
    if (existsSync(readyFile)) return;
    writeFileSync(`${readyFile}.part`, JSON.stringify({ error: `it exited (${signal ?? `code ${code}`}) before it was ready` }));
    renameSync(`${readyFile}.part`, readyFile);
  });
  project.provide("productReadyFile", readyFile);
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.disconnect();
      const deadline = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(deadline);
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
