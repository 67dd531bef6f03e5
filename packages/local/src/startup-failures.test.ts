/**
 * A start that cannot work ends at once with one line and a non-zero exit (issue 21, docs/decisions.md#crash-safety):
 * a read-only `.data` used to make startup wait 90 s and hang. Root writes through any mode, so as root
 * `npm start` runs here as the unprivileged user `nobody` (setpriv), which the folder's mode does stop.
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;
const setprivFound = !spawnSync("setpriv", ["--version"], { stdio: "ignore" }).error;
const scratch = mkdtempSync(join(tmpdir(), "storyboard-readonly-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const START = [process.execPath, "--import", "tsx", "packages/local/src/start.ts", "--web=none", "--no-tutorial"];

/** Runs `command` (a start) with only PATH of this environment plus `env`, until it exits or a minute passes (code null). */
async function startUntilExit(command: string[], env: Record<string, string | undefined>) {
  const child = spawn(command[0]!, command.slice(1), {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "pipe"],
    env: { PATH: process.env.PATH, PORT: "0", ...env },
  });
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => (child.kill("SIGKILL"), resolve(null)), 60_000);
    child.once("exit", (c) => (clearTimeout(timer), resolve(c)));
  });
  return { code, stderr };
}

describe("npm start on a read-only data folder", () => {
  it.skipIf(asRoot && !setprivFound)(
    "stops within seconds with one line naming the folder, and exits 1",
    async () => {
      chmodSync(scratch, 0o755);
      const dataDir = join(scratch, "data");
      mkdirSync(dataDir);
      chmodSync(dataDir, 0o555);
      const command = asRoot ? ["setpriv", `--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", ...START] : START;
      const started = Date.now();
      // tsx keeps its cache under the temporary folder, which `nobody` may write.
      const { code, stderr } = await startUntilExit(command, { HOME: tmpdir(), STORYBOARD_DATA_DIR: dataDir });
      expect(code, stderr).toBe(1);
      expect(Date.now() - started).toBeLessThan(60_000);
      expect(stderr.trim().split("\n")).toEqual([
        `Storyboard could not start: The data folder ${dataDir} is not writable (EACCES). Make it writable, or move it.`,
      ]);
    },
    90_000,
  );
});

describe("npm start with a stand-in's port in use", () => {
  it("stops with one line naming the port and the pid that holds it, and exits 1", async () => {
    const holder = createServer();
    const port = await new Promise<number>((resolve) =>
      holder.listen(0, "127.0.0.1", () => resolve((holder.address() as { port: number }).port)),
    );
    try {
      const { code, stderr } = await startUntilExit(START, {
        HOME: process.env.HOME,
        STORYBOARD_DATA_DIR: join(scratch, "port-data"),
        LOCAL_DYNAMODB_PORT: String(port),
      });
      expect(code, stderr).toBe(1);
      expect(stderr.trim().split("\n")).toEqual([
        `Storyboard could not start: Port ${port} (DynamoDB Local) is in use by pid ${process.pid}. Stop it, or set another port (see .env.example).`,
      ]);
    } finally {
      holder.close();
    }
  }, 90_000);
});
