import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startAppServer } from "../app-server";
import { startRuntime } from "../runtime";

declare module "vitest" {
  export interface ProvidedContext {
    env: Record<string, string>;
  }
}

/** Starts the stand-ins and an API-only server once for the integration tests. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), "storyboard-int-"));
  const runtime = await startRuntime({ dataDir, ports: "random", inMemoryDb: true });
  Object.assign(process.env, runtime.env, { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "SILENT" });
  const app = await startAppServer({ port: 0, web: "none", s3Endpoint: runtime.env.S3_ENDPOINT, mediaBucket: runtime.env.MEDIA_BUCKET });
  process.env.APP_URL = app.url;
  const { seedCatalog } = await import("@storyboard/core/catalog/seed");
  const { dispatchS3Event } = await import("../s3-events");
  runtime.onS3Event(dispatchS3Event);
  const { useLocalWorkflows } = await import("../workflows");
  useLocalWorkflows({ retryIntervalSeconds: 0 });
  await seedCatalog();
  project.provide("env", { ...runtime.env, APP_URL: app.url, API_URL: app.url, SES_URL: runtime.sesUrl, LOG_LEVEL: "SILENT" });
  return async () => {
    await app.close();
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
