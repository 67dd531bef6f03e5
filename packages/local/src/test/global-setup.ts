import type { TestProject } from "vitest/node";
import { startTestProduct } from "./product";

/** Starts the stand-ins and an API-only server once for the integration tests. */
export default function setup(project: TestProject) {
  return startTestProduct(project, "none");
}
