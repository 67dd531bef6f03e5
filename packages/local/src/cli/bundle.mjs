/**
 * Starts the command line from one prebuilt bundle of its TypeScript sources,
 * built with esbuild on first use and again whenever a source or the lock
 * file changes (kept in node_modules/.cache/storyboard-cli). Loading the
 * sources through the tsx loader costs about a second at every start
 * (docs/decisions.md#scale). Packages stay outside the bundle, each imported
 * from the very file Node would load for its importer. Without esbuild, or
 * with STORYBOARD_CLI_BUNDLE=0, the sources run through tsx as before;
 * STORYBOARD_CLI_BUNDLE=1 requires the bundle (its test).
 * Plain JavaScript: it runs before any TypeScript loader.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));
const entry = fileURLToPath(new URL("./main.ts", import.meta.url));
const cacheDir = join(repoRoot, "node_modules", ".cache", "storyboard-cli");
const SOURCE_DIRS = ["packages/core/src", "packages/functions/src", "packages/local/src"].map((dir) => join(repoRoot, dir));

/** Changes whenever a source file, the installed packages or this builder change. */
function sourceStamp() {
  const hash = createHash("sha1");
  const stamp = (path) => {
    const { mtimeMs, size } = statSync(path);
    hash.update(`${path}\0${mtimeMs}\0${size}\n`);
  };
  for (const dir of SOURCE_DIRS) {
    for (const name of readdirSync(dir, { recursive: true }).sort()) {
      if (/\.(ts|mts|mjs|js|json)$/.test(name) && !/\.test\.tsx?$/.test(name)) stamp(join(dir, name));
    }
  }
  stamp(join(repoRoot, "package-lock.json"));
  stamp(fileURLToPath(import.meta.url));
  return hash.digest("hex").slice(0, 16);
}

/**
 * esbuild options: our workspace packages in the bundle; every other package
 * external, as the absolute path Node resolves for the importing file (so a
 * workspace's own nested copy stays its own); `import.meta.url` kept as each
 * source file's own address, so paths relative to a source still resolve.
 */
function buildOptions(outdir) {
  const workspaceSource = /[\\/]packages[\\/](core|functions|local)[\\/]src[\\/].*\.ts$/;
  return {
    entryPoints: { main: entry },
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outExtension: { ".js": ".mjs" },
    // Node's own conditions (no "module"), so each package resolves to the file Node would load.
    conditions: ["node"],
    logLevel: "silent",
    plugins: [
      {
        name: "packages-stay-external",
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, async (args) => {
            if (args.pluginData?.resolving || args.path.startsWith("@storyboard/")) return undefined;
            if (args.path.startsWith("node:")) return { path: args.path, external: true };
            const found = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: { resolving: true } });
            if (found.errors.length) return { errors: found.errors };
            return { path: pathToFileURL(found.path).href, external: true };
          });
          build.onLoad({ filter: workspaceSource }, (args) => ({
            contents: readFileSync(args.path, "utf8").replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)),
            loader: "ts",
          }));
        },
      },
    ],
  };
}

/** Older builds go after an hour: a command still running from one may yet load its lazy chunks. */
function removeStaleBuilds(current) {
  const staleBefore = Date.now() - 60 * 60 * 1000;
  for (const name of readdirSync(cacheDir)) {
    const path = join(cacheDir, name);
    // Another run may be removing it too.
    const modified = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Infinity;
    if (name !== current && modified < staleBefore) rmSync(path, { recursive: true, force: true });
  }
}

/** The bundle's entry for the current sources, building it if needed; undefined when it cannot be built. */
async function bundledEntry() {
  const stamp = sourceStamp();
  const outdir = join(cacheDir, stamp);
  const main = join(outdir, "main.mjs");
  if (existsSync(main)) return main;
  let esbuild;
  try {
    esbuild = await import("esbuild");
  } catch {
    return undefined;
  }
  // Built beside and renamed into place, so a concurrent run never sees half a bundle.
  const building = `${outdir}.${process.pid}`;
  mkdirSync(cacheDir, { recursive: true });
  try {
    await esbuild.build(buildOptions(building));
    renameSync(building, outdir);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (existsSync(main)) return main;
    if (process.env.STORYBOARD_CLI_BUNDLE === "1") throw error;
    return undefined;
  }
  removeStaleBuilds(stamp);
  return main;
}

/**
 * Commands that run from the bundle. `tutorial` starts the whole product in this process, whose
 * API server imports route modules by computed names a bundler cannot follow: it runs through tsx.
 */
const BUNDLED_COMMANDS = new Set(["render", "parse", "grant", "revoke"]);

/** Runs the command line: from the bundle when possible, else the sources through tsx. */
export async function runCli() {
  const bundled = BUNDLED_COMMANDS.has(process.argv[2] ?? "") && process.env.STORYBOARD_CLI_BUNDLE !== "0";
  const main = bundled ? await bundledEntry() : undefined;
  if (!main && process.env.STORYBOARD_CLI_BUNDLE === "1")
    throw new Error("The command line bundle could not be built (is esbuild installed?).");
  if (main) {
    await import(pathToFileURL(main).href);
    return;
  }
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(entry).href);
}
