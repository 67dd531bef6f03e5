/** The command line as the render benches run it: `storyboard render … --timings`, and the figures it prints. */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { childrenCpuSeconds } from "../src/cli/timings";

const bin = fileURLToPath(new URL("../bin/storyboard.mjs", import.meta.url));

/**
 * Runs `storyboard render ARGS --timings`; resolves with its output, the wall time from spawn to exit and,
 * on Linux, the CPU seconds of the whole command (node, ffmpeg and the local S3 it started): the growth of
 * this process's finished children's CPU, so only one command may run at a time.
 */
export function renderCommand(args: string[]) {
  return new Promise<{ output: string; wallMs: number; cpuSeconds?: number }>((resolve, reject) => {
    const started = performance.now();
    const cpuBefore = childrenCpuSeconds();
    const child = spawn(process.execPath, [bin, "render", ...args, "--timings"], {
      env: { ...process.env, LOG_LEVEL: "SILENT" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code) => {
      const wallMs = performance.now() - started;
      const cpuAfter = childrenCpuSeconds();
      const cpuSeconds = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
      if (code === 0) resolve({ output, wallMs, cpuSeconds });
      else reject(new Error(`storyboard render exited with ${code}:\n${output}`));
    });
  });
}

/** What the command printed, found by `pattern`'s first group. */
export function printed(output: string, pattern: RegExp): string {
  const match = pattern.exec(output);
  if (!match) throw new Error(`The command's output has no ${pattern}:\n${output}`);
  return match[1];
}
