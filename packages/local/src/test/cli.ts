/** The command line as the tests run it: `storyboard ARGS` in a child process, and its exit status and output. */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));
export const storyboardBin = path.join(repoRoot, "packages/local/bin/storyboard.mjs");

/** Runs `storyboard ARGS` from the repository root, quiet logs, with `env` over this process's environment. */
export function storyboard(args: string[], env: Record<string, string | undefined> = {}) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [storyboardBin, ...args], { cwd: repoRoot, env: { ...process.env, LOG_LEVEL: "SILENT", ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}
