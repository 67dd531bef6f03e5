import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

/**
 * The whole product for the browser tests: the production build of the web
 * app with the API on one port, built and served by a separate process (see
 * serve-product.ts), so nothing of it stays behind in vitest's own process.
 */
export default async function setup(project: TestProject) {
  const script = fileURLToPath(new URL("../packages/local/src/test/serve-product.ts", import.meta.url));
  const child = fork(script, [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const env = await new Promise<Record<string, string>>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`The browser tests' server exited with ${code} before it was ready`)));
    child.on("message", (msg: { type: string; env: Record<string, string> }) => {
      if (msg.type === "ready") resolve(msg.env);
    });
  });
  project.provide("env", env);
  return async () => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.disconnect();
    const deadline = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(deadline);
  };
}
