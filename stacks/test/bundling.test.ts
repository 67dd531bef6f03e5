import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { installSpecs, NATIVE_PACKAGES, nodejsBundling, referencedPackages } from "../bundling";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("packaging of native packages", () => {
  it("finds the external packages a bundle imports, requires or dynamically imports", () => {
    const bundle = [
      `import sharp from "sharp";`,
      `const { Resvg } = await import('@resvg/resvg-js');`,
      `const ffmpeg = require("@ffmpeg-installer/ffmpeg").path;`,
    ].join("\n");
    expect(referencedPackages(bundle).sort()).toEqual(["@ffmpeg-installer/ffmpeg", "@resvg/resvg-js", "sharp"]);
  });

  it("does not mistake a longer package name or a plain word for an import", () => {
    expect(referencedPackages(`require("@resvg/resvg-js-linux-x64-gnu"); const s = "sharpen";`)).toEqual([]);
    expect(referencedPackages(`export const handler = async () => ({ ok: true });`)).toEqual([]);
  });

  it("installs the versions this repository has, with their linux-x64 binary packages", () => {
    const version = (pkg: string) => JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules", pkg, "package.json"), "utf8")).version;
    expect(installSpecs(["@ffmpeg-installer/ffmpeg"], ROOT)).toEqual([
      `@ffmpeg-installer/ffmpeg@${version("@ffmpeg-installer/ffmpeg")}`,
      `@ffmpeg-installer/linux-x64@${version("@ffmpeg-installer/linux-x64")}`,
    ]);
    expect(installSpecs([], ROOT)).toEqual([]);
  });

  it("keeps every one of them out of esbuild's bundle", () => {
    expect(nodejsBundling.nodejs?.esbuild?.external).toEqual(Object.keys(NATIVE_PACKAGES));
    expect(nodejsBundling.hooks?.afterBuild).toBeTypeOf("function");
  });
});
