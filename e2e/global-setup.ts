import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { startAppServer } from "../packages/local/src/app-server";
import { startRuntime } from "../packages/local/src/runtime";

/**
 * The whole product for the browser tests: the stand-ins, the API and the
 * production build of the web app on one random port.
 */
export default async function setup(project: TestProject) {
  const webRoot = fileURLToPath(new URL("../packages/web", import.meta.url));
  const { build } = await import("vite");
  await build({ root: webRoot, configFile: join(webRoot, "vite.config.ts"), logLevel: "error" });

  const dataDir = mkdtempSync(join(tmpdir(), "storyboard-e2e-"));
  const runtime = await startRuntime({ dataDir, ports: "random", inMemoryDb: true });
  Object.assign(process.env, runtime.env, { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "SILENT" });
  const app = await startAppServer({ port: 0, web: "static", s3Endpoint: runtime.env.S3_ENDPOINT, mediaBucket: runtime.env.MEDIA_BUCKET });
  process.env.APP_URL = app.url;
  const { seedCatalog } = await import("@storyboard/core/catalog/seed");
  const { dispatchS3Event } = await import("../packages/local/src/s3-events");
  runtime.onS3Event(dispatchS3Event);
  const { useLocalWorkflows } = await import("../packages/local/src/workflows");
  useLocalWorkflows({ retryIntervalSeconds: 0 });
  await seedCatalog();
  project.provide("env", { ...runtime.env, APP_URL: app.url, API_URL: app.url, SES_URL: runtime.sesUrl, LOG_LEVEL: "SILENT" });
  return async () => {
    await app.close();
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
