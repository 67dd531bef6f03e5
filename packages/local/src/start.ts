/**
 * `npm start`: the whole product on this machine, offline. Starts the local
 * AWS stand-ins, creates and seeds what the product needs, and serves the API
 * and the web app from one address. Work an earlier run left unfinished is
 * resumed or settled, and the scheduled jobs run (recovery.ts).
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type AppServer, startAppServer } from "./app-server";
import { keepServingAfterStrayErrors } from "./crash-guard";
import { assertJava, assertWritable, clearRecord, StartupError, takeOverDataDir } from "./instance";
import { type Runtime, startRuntime } from "./runtime";

const started = Date.now();
const fresh = process.argv.includes("--fresh");
// The tutorial build starts its own throwaway product, so it gets the environment as launched (tutorial/background.ts).
const launchEnv = { ...process.env };
const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const dataDir = process.env.STORYBOARD_DATA_DIR ?? join(repoRoot, ".data");
const port = Number(process.env.PORT ?? 3000);
const appUrl = `http://localhost:${port}`;

console.log(`Starting Storyboard${fresh ? " with empty data" : ""}...`);
let runtime: Runtime | undefined;
let app: AppServer | undefined;
let recovery: { stop: () => void } | undefined;
try {
  assertWritable(dataDir);
  assertJava();
  await takeOverDataDir(dataDir);
  runtime = await startRuntime({
    dataDir,
    fresh,
    recordPids: true,
    ports: {
      dynamo: Number(process.env.LOCAL_DYNAMODB_PORT ?? 8100),
      s3: Number(process.env.LOCAL_S3_PORT ?? 4569),
      ses: Number(process.env.LOCAL_SES_PORT ?? 8005),
      cognito: Number(process.env.LOCAL_COGNITO_PORT ?? 9229),
      stripe: Number(process.env.LOCAL_STRIPE_PORT ?? 12111),
    },
    // Your own Stripe test keys in the environment replace the stand-in (README.md, "Card payments").
    stripe: process.env.STRIPE_SECRET_KEY ? "none" : "stand-in",
  });
  Object.assign(process.env, runtime.env, {
    APP_URL: appUrl,
    // Media is signed for this server's /media, which checks signatures as S3 does (docs/decisions.md#private-media).
    MEDIA_PUBLIC_ENDPOINT: `${appUrl}/media`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "WARN",
  });

  // Core modules read the environment when first imported: import them only now.
  const { seedCatalog } = await import("@storyboard/core/seed");
  const { dispatchS3Event } = await import("./s3-events");
  runtime.onS3Event(dispatchS3Event);
  const { useLocalWorkflows } = await import("./workflows");
  useLocalWorkflows({ threads: true });
  await seedCatalog();
  app = await startAppServer({
    port,
    // `--web=none` serves the API only (the crash suite); `--web=static` the built app.
    web: (process.argv.find((a) => a.startsWith("--web="))?.slice(6) as "none" | "static" | undefined) ?? "vite",
    s3Endpoint: runtime.env.S3_ENDPOINT,
    mediaBucket: runtime.env.MEDIA_BUCKET,
  });
  runtime.stripe?.setWebhookUrl(`http://127.0.0.1:${port}/api/stripe/webhook`);
  const { afterRestart } = await import("./recovery");
  recovery = await afterRestart(dataDir);
} catch (error) {
  // One line a person can act on, and a non-zero exit (docs/decisions.md#crash-safety); a stack only for what we did not foresee.
  console.error(`Storyboard could not start: ${error instanceof StartupError ? error.message : ((error as Error).stack ?? String(error))}`);
  await app?.close().catch(() => {});
  await runtime?.stop().catch(() => {});
  clearRecord(dataDir);
  process.exit(1);
}
// From here on one process serves everything: an error that escapes a handler is logged, not fatal.
keepServingAfterStrayErrors();

console.log(`
  Storyboard is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s).

  Open the app:       ${app.url}
  Sent e-mail viewer: ${runtime.sesUrl}
  Data folder:        ${dataDir === join(repoRoot, ".data") ? ".data/" : dataDir} (npm start -- --fresh starts empty)

  Press Ctrl-C to stop.
`);
const { ensureTutorialVideo } = await import("./tutorial/background");
const tutorial = process.argv.includes("--no-tutorial") ? undefined : ensureTutorialVideo({ repoRoot, env: launchEnv });

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping...");
  tutorial?.stop();
  recovery?.stop();
  await app?.close().catch(() => {});
  await runtime?.stop();
  clearRecord(dataDir);
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
