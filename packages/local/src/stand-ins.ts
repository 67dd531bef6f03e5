import { type ChildProcess, fork } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { waitFor } from "./ports";

export interface StandIn {
  url: string;
  stop: () => Promise<void>;
}

/** Where a supervised stand-in reports: its pid at each (re)start (the run record), and its one-line notices. */
export interface Supervision {
  onPid?: (pid: number) => void;
  log?: (line: string) => void;
}

/** Children still running; killed when this process exits however it exits, so no stand-in outlives it. */
const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});
const track = (child: ChildProcess) => {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
};

const killChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 3000).unref();
  });

/** Restarts within this window count together; past MAX_RESTARTS the stand-in stays down and says so. */
export const RESTART_WINDOW_MS = 60_000;
export const MAX_RESTARTS = 5;

/**
 * Keeps a child stand-in running (docs/decisions.md#crash-safety): one that exits
 * on its own is started again on the same port, with one log line. `launch`
 * answers a child that is ready to serve.
 */
export async function supervised(name: string, url: string, launch: () => Promise<ChildProcess>, supervision: Supervision = {}): Promise<StandIn> {
  const { log = console.error } = supervision;
  let stopping = false;
  let restarts: number[] = [];
  let current = await launch();
  const watch = (child: ChildProcess) =>
    child.once("exit", (code, signal) => {
      // A Ctrl-C reaches the whole process group: give npm start's own stop a moment to say so.
      setTimeout(async () => {
        if (stopping) return;
        restarts = [...restarts.filter((t) => Date.now() - t < RESTART_WINDOW_MS), Date.now()];
        if (restarts.length > MAX_RESTARTS) return log(`${name} exited ${restarts.length} times in a minute; it stays down.`);
        log(`${name} exited (${signal ?? `code ${code}`}); restarting it.`);
        try {
          current = await launch();
          if (!stopping) watch(current);
          else await killChild(current);
        } catch (error) {
          log(`${name} could not restart: ${(error as Error).message}`);
        }
      }, 500).unref();
    });
  watch(current);
  return {
    url,
    stop: async () => {
      stopping = true;
      await killChild(current);
    },
  };
}

/** Amazon's DynamoDB Local (Java), under a Node parent that dies with npm start (dynamo-process.mjs). `dir` undefined keeps the data in memory. */
export async function startDynamo(port: number, dir?: string, supervision: Supervision = {}): Promise<StandIn> {
  if (dir) mkdirSync(dir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  const script = fileURLToPath(new URL("./dynamo-process.mjs", import.meta.url));
  const launch = async () => {
    const child = track(fork(script, [String(port), dir ?? ""], { execArgv: [], stdio: ["ignore", "ignore", "pipe", "ipc"] }));
    let stderr = "";
    child.stderr?.on("data", (d) => (stderr += d));
    child.on("message", (msg: { type: string; pid?: number }) => {
      if (msg.type === "pid" && msg.pid) supervision.onPid?.(msg.pid);
    });
    const client = new DynamoDBClient({ endpoint: url, region: "us-east-1", credentials: { accessKeyId: "local", secretAccessKey: "local" } });
    try {
      await waitFor("DynamoDB Local", async () => {
        if (child.exitCode !== null) throw new Error(`exited: ${stderr.trim().split("\n").pop() || "is Java 17+ installed?"}`);
        await client.send(new ListTablesCommand({}));
      });
    } catch (error) {
      child.kill("SIGKILL");
      throw error;
    } finally {
      client.destroy();
    }
    return child;
  };
  return supervised("DynamoDB Local", url, launch, supervision);
}

/**
 * The local S3 in a child process; `events.to` receives the AWS-shaped notification records of the buckets
 * `events.from` (a render's thousands of copies in the media bucket notify nobody, as on AWS).
 */
export async function startS3(
  port: number,
  dir: string,
  buckets: string[],
  events: { from: string[]; to: (event: unknown) => void },
  supervision: Supervision = {},
): Promise<StandIn> {
  mkdirSync(dir, { recursive: true });
  const script = fileURLToPath(new URL("./s3-process.mjs", import.meta.url));
  const launch = async () => {
    const child = track(
      fork(script, [String(port), dir, events.from.join(","), ...buckets], {
        execArgv: ["--openssl-legacy-provider"],
        stdio: ["ignore", "ignore", "inherit", "ipc"],
      }),
    );
    await new Promise<void>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`local S3 exited with ${code}`)));
      child.on("message", (msg: { type: string; event?: unknown }) => {
        if (msg.type === "ready") resolve();
        if (msg.type === "s3-event") events.to(msg.event);
      });
    });
    if (child.pid) supervision.onPid?.(child.pid);
    return child;
  };
  return supervised("The local S3", `http://127.0.0.1:${port}`, launch, supervision);
}

/** aws-ses-v2-local, in process: it keeps sent mail in memory and lists it at `/store`. */
export async function startSes(port: number): Promise<StandIn> {
  // Imported when started (the command line never starts it). The package is CommonJS with
  // `exports.default`; under ESM interop that default sits one level down.
  const sesLocalModule = (await import("aws-ses-v2-local")).default;
  const sesLocal = ((sesLocalModule as unknown as { default?: typeof sesLocalModule }).default ?? sesLocalModule) as typeof sesLocalModule;
  const server: Server = await sesLocal({ host: "127.0.0.1", port });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** cognito-local in a child process (cognito-process.mjs) whose working folder holds its config and data. */
export async function startCognito(port: number, dir: string, supervision: Supervision = {}): Promise<StandIn> {
  mkdirSync(join(dir, ".cognito"), { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  // The issuer must be the address clients use, so aws-jwt-verify accepts local tokens unchanged.
  writeFileSync(join(dir, ".cognito", "config.json"), JSON.stringify({ TokenConfig: { IssuerDomain: url } }));
  const script = fileURLToPath(new URL("./cognito-process.mjs", import.meta.url));
  const launch = async () => {
    const child = track(
      fork(script, [dir], {
        env: { ...process.env, PORT: String(port), HOST: "127.0.0.1" },
        execArgv: [],
        stdio: ["ignore", "ignore", "pipe", "ipc"],
      }),
    );
    let stderr = "";
    child.stderr?.on("data", (d) => (stderr += d));
    try {
      await waitFor("Cognito Local", async () => {
        if (child.exitCode !== null) throw new Error(`exited: ${stderr}`);
        await fetch(`${url}/health`);
      });
    } catch (error) {
      child.kill("SIGKILL");
      throw error;
    }
    if (child.pid) supervision.onPid?.(child.pid);
    return child;
  };
  return supervised("Cognito Local", url, launch, supervision);
}
