/**
 * The product for the browser tests, in a process of its own: vitest runs
 * every project's global setup in one process, where the integration tests'
 * product already owns `process.env`. Builds the web app, serves it with the
 * API, reports its environment over IPC once ready; stops when the parent
 * disconnects.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { startProduct } from "./product";

const webRoot = fileURLToPath(new URL("../../../web", import.meta.url));
await build({ root: webRoot, configFile: join(webRoot, "vite.config.ts"), logLevel: "error" });
const product = await startProduct("static");
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await product.stop();
  process.exit(0);
};
process.on("disconnect", stop);
process.on("SIGTERM", stop);
process.send?.({ type: "ready", env: product.env });
