import { existsSync, readFileSync } from "node:fs";
import { inject } from "vitest";

/** The built product is started beside the first test groups (e2e/global-setup.ts): wait for its environment. */
const readyFile = inject("productReadyFile");
const deadline = Date.now() + 10 * 60_000;
while (!existsSync(readyFile)) {
  if (Date.now() > deadline) throw new Error("The browser tests' server was not ready within 10 minutes");
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const ready = JSON.parse(readFileSync(readyFile, "utf8")) as { env?: Record<string, string>; error?: string };
if (!ready.env) throw new Error(`The browser tests' server did not start: ${ready.error}`);
// Core modules read the environment when first imported; this runs before any test file imports them.
Object.assign(process.env, ready.env);
