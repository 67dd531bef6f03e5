/**
 * A real `npm start` of its own for the tests that kill it (the crash suite, the browser kill test):
 * its own data folder and ports, none of the suite-wide product's environment, started detached so
 * that a kill of its process group takes everything it started.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "../ports";

const repoRoot = fileURLToPath(new URL("../../../..", import.meta.url));
const STARTUP_MS = 150_000;
/** The test worker's environment as it was at import, before a test points it at a product. */
const launchEnv: Record<string, string | undefined> = { ...process.env };

export type ProductPorts = Record<"app" | "dynamo" | "s3" | "ses" | "cognito" | "stripe", number>;

export async function freeProductPorts(): Promise<ProductPorts> {
  const names = ["app", "dynamo", "s3", "ses", "cognito", "stripe"] as const;
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await freePort()] as const))) as ProductPorts;
}

/**
 * Points this test process's own product code at a started `npm start`'s stand-ins (core reads the
 * environment when first imported, so call it before importing core).
 */
export function useNpmStartEnv(ports: ProductPorts) {
  const appUrl = `http://localhost:${ports.app}`;
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamo}`,
    S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
    AWS_ACCESS_KEY_ID: "S3RVER",
    AWS_SECRET_ACCESS_KEY: "S3RVER",
    TABLE_NAME: "storyboard",
    API_URL: appUrl,
    APP_URL: appUrl,
  });
  return appUrl;
}

/** Starts `npm start` (`start.ts`) and resolves once it says it is running; `output()` is all it printed. */
export async function startNpmStart(options: { dataDir: string; ports: ProductPorts; web: "none" | "static"; env?: Record<string, string> }) {
  const { dataDir, ports } = options;
  // The worker's environment points at the suite-wide product: the child gets none of it.
  const env = { ...launchEnv };
  for (const key of Object.keys(env))
    if (/^(STRIPE_|COGNITO_|USER_POOL|DYNAMODB_|S3_|SES_|MEDIA_|APP_URL|API_URL)/.test(key)) delete env[key];
  const child = spawn(process.execPath, ["--import", "tsx", "packages/local/src/start.ts", "--no-tutorial", `--web=${options.web}`], {
    cwd: repoRoot,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...env,
      STORYBOARD_DATA_DIR: dataDir,
      PORT: String(ports.app),
      LOCAL_DYNAMODB_PORT: String(ports.dynamo),
      LOCAL_S3_PORT: String(ports.s3),
      LOCAL_SES_PORT: String(ports.ses),
      LOCAL_COGNITO_PORT: String(ports.cognito),
      LOCAL_STRIPE_PORT: String(ports.stripe),
      LOG_LEVEL: "SILENT",
      ...options.env,
    },
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not start in time:\n${output}`)), STARTUP_MS);
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes("Storyboard is running")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}:\n${output}`));
    });
  });
  return { child: child as ChildProcess, output: () => output };
}
