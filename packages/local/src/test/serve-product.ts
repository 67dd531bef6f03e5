/**
 * The product for the browser tests, in a process of its own: vitest runs
 * every project's global setup in one process, where the integration tests'
 * product already owns `process.env`. Builds the web app, serves it with the
 * API, writes its environment (or why it could not start) to the file named by
 * PRODUCT_READY_FILE once ready; stops when the parent disconnects.
 */
import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { startProduct } from "./product";

const readyFile = process.env.PRODUCT_READY_FILE!;
/** Written whole, then renamed: the waiting workers never read half a file. */
const report = (ready: { env: Record<string, string> } | { error: string }) => {
  writeFileSync(`${readyFile}.part`, JSON.stringify(ready));
  renameSync(`${readyFile}.part`, readyFile);
};

let product: Awaited<ReturnType<typeof startProduct>>;
try {
  const webRoot = fileURLToPath(new URL("../../../web", import.meta.url));
  await build({ root: webRoot, configFile: join(webRoot, "vite.config.ts"), logLevel: "error" });
  product = await startProduct("static");
} catch (error) {
  report({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
}
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await product.stop();
  process.exit(0);
};
process.on("disconnect", stop);
process.on("SIGTERM", stop);
report({ env: product.env });
