import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startAppServer } from "../app-server";
import { startRuntime } from "../runtime";

declare module "vitest" {
  export interface ProvidedContext {
    env: Record<string, string>;
    /** Where the browser tests' product writes its environment once ready (e2e/global-setup.ts). */
    productReadyFile: string;
  }
}

/**
 * The product for a test run, in this process: the stand-ins in a temporary
 * folder, the API (and for browser tests the built web app) on a random port,
 * the S3 event wiring and the local state-machine runner. It takes over this
 * process's environment; `env` is what test workers need (`inject("env")`).
 */
export async function startProduct(web: "static" | "none") {
  const dataDir = mkdtempSync(join(tmpdir(), `storyboard-${web === "none" ? "int" : "e2e"}-`));
  // Stripe's webhook retries (five minutes, doubling) compressed a thousandfold: a delivery that failed in one
  // test is retried within the run, so waiting for the stand-in's deliveries to settle ends.
  process.env.STRIPE_STAND_IN_DELIVERY_SCALE ??= "0.001";
  const runtime = await startRuntime({ dataDir, ports: "random", inMemoryDb: true });
  Object.assign(process.env, runtime.env, { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "SILENT" });
  const app = await startAppServer({ port: 0, web, s3Endpoint: runtime.env.S3_ENDPOINT, mediaBucket: runtime.env.MEDIA_BUCKET });
  process.env.APP_URL = app.url;
  // Media is signed for the app server's /media, which checks signatures as S3 does (docs/decisions.md#private-media).
  process.env.MEDIA_PUBLIC_ENDPOINT = `${app.url}/media`;
  runtime.stripe?.setWebhookUrl(new URL("/api/stripe/webhook", app.url.replace("localhost", "127.0.0.1")).href);
  // Core modules read the environment when first imported: only now.
  const { seedCatalog } = await import("@storyboard/core/seed");
  await seedCatalog();
  const { dispatchS3Event } = await import("../s3-events");
  runtime.onS3Event(dispatchS3Event);
  const { useLocalWorkflows } = await import("../workflows");
  useLocalWorkflows({ retryIntervalSeconds: 0 });
  return {
    env: {
      ...runtime.env,
      APP_URL: app.url,
      API_URL: app.url,
      MEDIA_PUBLIC_ENDPOINT: `${app.url}/media`,
      SES_URL: runtime.sesUrl,
      LOG_LEVEL: "SILENT",
    },
    stop: async () => {
      await app.close().catch(() => {});
      await runtime.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
