import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { startTestProduct } from "../packages/local/src/test/product";

/** The whole product for the browser tests: the production build of the web app with the API on one port. */
export default async function setup(project: TestProject) {
  const webRoot = fileURLToPath(new URL("../packages/web", import.meta.url));
  const { build } = await import("vite");
  await build({ root: webRoot, configFile: join(webRoot, "vite.config.ts"), logLevel: "error" });
  return startTestProduct(project, "static");
}
