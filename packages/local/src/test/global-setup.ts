import type { TestProject } from "vitest/node";
import { startProduct } from "./product";

/** Starts the stand-ins and an API-only server once for the integration tests, in vitest's main process. */
export default async function setup(project: TestProject) {
  const product = await startProduct("none");
  project.provide("env", product.env);
  return product.stop;
}
