/**
 * Builds the SST app offline, without AWS credentials, for the stack tests
 * and `npm run synth`: the same `sst.config.ts` wiring a deploy uses.
 *
 * What SST 2.49.8 does in `app.finish()` (read from node_modules/sst):
 * - `NODE_ENV=test` (App.isRunningSSTTest) only skips the bootstrap lookups
 *   (the sourcemap uploader, live-dev permissions). It does NOT skip builds.
 * - In "deploy" mode a Function starts with inline placeholder code and queues
 *   a deferred task that esbuild-bundles its handler (then runs `npm install`
 *   in the artifact directory); `finish()` runs those tasks, and a missing
 *   handler file fails it: `Failed to build function ... Could not find file
 *   for handler`. A StaticSite's deferred task runs its build command (`vite
 *   build`) and zips the output.
 * - A Function in an inactive stack (`isActiveStack` false, what `sst deploy
 *   <filter>` uses for the stacks it skips) keeps SST's placeholder code
 *   (`index.placeholder`) and is never bundled; its memory, timeout, disk,
 *   environment, bindings and permissions are the same. A StaticSite in an
 *   inactive stack creates nothing.
 *
 * Hence three ways to build:
 * - "placeholders": every stack inactive, then `finish()`. Real templates
 *   (tags, removal policies, SSM binding parameters, metadata) with
 *   placeholder code, whether or not the handler files exist yet; no site.
 * - "site": every stack active, no `finish()`: the site's bucket and
 *   CloudFront distribution as the constructors make them, no bundling, no
 *   site build (finish would run `vite build`).
 * - "bundle": every stack active, then `finish()`: what `sst build` does,
 *   offline. Needs every handler file and a web app that builds.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { App, getStack } from "sst/constructs";
import { initProject, setProject, useProject } from "sst/project.js";
import config, { STACKS } from "../sst.config";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const TEST_ACCOUNT = "123456789012";
export const APP_NAME = "storyboard";
export const REGION = "us-east-1";

export type BuildMode = "placeholders" | "site" | "bundle";

export interface OfflineOptions {
  mode: BuildMode;
  stage?: string;
  /** Where `app.synth()` writes the cloud assembly; a temporary directory by default. */
  outdir?: string;
  /** Deploy-time settings (see stacks/settings.ts), applied after SST has loaded the .env files. */
  env?: Record<string, string | undefined>;
  /** Called once the stacks exist, before the first synthesis (e.g. to add cdk-nag's aspects, which must come first). */
  beforeSynth?: (app: App) => void;
}

export async function offlineApp({ mode, stage = "test", outdir, env = {}, beforeSynth }: OfflineOptions): Promise<App> {
  // Skips SST's bootstrap lookups, which would need AWS credentials.
  process.env.NODE_ENV = "test";
  process.env.SST_TELEMETRY_DISABLED = "1";
  await initProject({ stage, root: ROOT });
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  if (mode !== "bundle") useScratchOutput();

  const app = new App(
    {
      mode: "deploy",
      stage,
      name: APP_NAME,
      region: REGION,
      account: TEST_ACCOUNT,
      isActiveStack: mode === "placeholders" ? () => false : undefined,
    },
    { outdir: outdir ?? scratchDir("storyboard-cdk-") },
  );
  config.stacks(app);
  beforeSynth?.(app);
  if (mode !== "site") await app.finish();
  return app;
}

/** The synthesized stack of one of `sst.config.ts`'s stack functions. */
export const stackOf = (fn: (typeof STACKS)[number]) => getStack(fn);

/**
 * SST writes generated types under `.sst/` on every App; tests run in
 * parallel workers, so each process gets its own scratch directory.
 */
function useScratchOutput() {
  const project = useProject();
  const out = scratchDir("storyboard-sst-");
  setProject({ ...project, paths: { ...project.paths, out, artifacts: path.join(out, "artifacts") } });
}

const scratch: string[] = [];
function scratchDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

/** Removes the temporary directories of the builds so far (a cloud assembly is ~30 MB of assets). */
export function removeScratch() {
  for (const dir of scratch.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}
process.once("exit", removeScratch);
