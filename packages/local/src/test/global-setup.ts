import type { TestProject } from "vitest/node";
import { startProduct } from "./product";

type Shared = { product: ReturnType<typeof startProduct>; projects: number };
/** vitest's main process runs every project's global setup: the integration projects share one product there. */
const shared = globalThis as { storyboardIntegrationProduct?: Shared };

/** Starts the stand-ins and an API-only server once for the integration tests, in vitest's main process. */
export default async function setup(project: TestProject) {
  const entry = (shared.storyboardIntegrationProduct ??= { product: startProduct("none"), projects: 0 });
  entry.projects += 1;
  const product = await entry.product;
  project.provide("env", product.env);
  return async () => {
    entry.projects -= 1;
    if (entry.projects > 0) return;
    delete shared.storyboardIntegrationProduct;
    await product.stop();
  };
}
