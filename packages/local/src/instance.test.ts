/**
 * A runtime that cleans up after itself (issue 21, docs/decisions.md#crash-safety), the start's own
 * checks as units: a port in use names its pid, a stand-in an earlier run left is stopped, a live run on
 * the same data is refused, Java missing is one line. start.ts prints each StartupError alone and exits 1.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { assertJava, StartupError, takeOverDataDir } from "./instance";
import { assertPortFree } from "./ports";

let dataDir: string;
const spawned: ChildProcess[] = [];
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "storyboard-instance-"));
});
afterEach(() => {
  for (const child of spawned.splice(0)) child.kill("SIGKILL");
  vi.unstubAllEnvs();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A long-running process whose command line says `marker` (node keeps its -e script's arguments). */
function longRunning(command: string, args: string[]) {
  const child = spawn(command, args, { stdio: "ignore" });
  spawned.push(child);
  return child;
}
const nodeHolding = (marker: string) => longRunning(process.execPath, ["-e", "setInterval(() => {}, 1000)", marker]);
const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode ? resolve() : child.once("exit", () => resolve())));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** A pid no process has any more: a child that already ended. */
async function deadPid() {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await exited(child);
  return child.pid!;
}
/** Waits until the child's command line is readable, so the start sees what it will see in life. */
async function started(child: ChildProcess) {
  for (let i = 0; i < 50 && !readFileSync(`/proc/${child.pid}/cmdline`, "utf8").includes("setInterval"); i++) await new Promise((r) => setTimeout(r, 20));
  return child.pid!;
}

describe("a port in use", () => {
  let holder: Server;
  afterEach(() => holder?.close());

  it("stops the start with one line naming the port, what needs it and the pid that holds it", async () => {
    holder = createServer();
    const port = await new Promise<number>((resolve) => holder.listen(0, "127.0.0.1", () => resolve((holder.address() as { port: number }).port)));
    const refusal = await assertPortFree(port, "DynamoDB Local").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StartupError);
    expect((refusal as Error).message).toBe(`Port ${port} (DynamoDB Local) is in use by pid ${process.pid}. Stop it, or set another port (see .env.example).`);
  });

  it("lets a free port pass", async () => {
    holder = createServer();
    const port = await new Promise<number>((resolve) => holder.listen(0, "127.0.0.1", () => resolve((holder.address() as { port: number }).port)));
    await new Promise((resolve) => holder.close(resolve));
    await expect(assertPortFree(port, "local S3")).resolves.toBeUndefined();
  });
});

describe("what an earlier run left on this data", () => {
  it("stops a stand-in recorded in run.json by an earlier run that died, says so in one line, and records this run", async () => {
    const leftover = nodeHolding("dynamo-process.mjs");
    const pid = await started(leftover);
    writeFileSync(join(dataDir, "run.json"), JSON.stringify({ pid: await deadPid(), children: { "DynamoDB Local": pid } }));
    const lines: string[] = [];
    await takeOverDataDir(dataDir, (line) => lines.push(line));
    await exited(leftover);
    expect(alive(pid)).toBe(false);
    expect(lines).toEqual([`Stopped DynamoDB Local (pid ${pid}), left running by an earlier run.`]);
    expect(JSON.parse(readFileSync(join(dataDir, "run.json"), "utf8"))).toEqual({ pid: process.pid, children: {} });
  });

  it("leaves alone a recorded pid that is now some other program", async () => {
    const other = longRunning("sleep", ["30"]);
    const pid = other.pid!;
    writeFileSync(join(dataDir, "run.json"), JSON.stringify({ pid: await deadPid(), children: { "local S3": pid } }));
    const lines: string[] = [];
    await takeOverDataDir(dataDir, (line) => lines.push(line));
    expect(alive(pid)).toBe(true);
    expect(lines).toEqual([]);
  });

  it("refuses to start beside a run of the product that is still alive on the same data, naming its pid", async () => {
    const running = nodeHolding("packages/local/src/start.ts");
    const pid = await started(running);
    writeFileSync(join(dataDir, "run.json"), JSON.stringify({ pid, children: {} }));
    await expect(takeOverDataDir(dataDir, () => {})).rejects.toThrow(
      new StartupError(`Storyboard is already running on this data (pid ${pid}). Stop it first (kill ${pid}).`),
    );
    expect(alive(pid)).toBe(true);
  });
});

describe("Java missing", () => {
  it("is one line saying what to install", () => {
    vi.stubEnv("PATH", mkdtempSync(join(tmpdir(), "storyboard-no-java-")));
    expect(() => assertJava()).toThrow(
      new StartupError("A JDK 17 or newer is needed for DynamoDB Local, and `java` was not found. Install one (e.g. apt-get install openjdk-17-jdk-headless)."),
    );
  });
});
