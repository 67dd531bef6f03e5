import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { screenplayFile } from "../test/fixtures";

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));
const bin = path.join(repoRoot, "packages/local/bin/storyboard.mjs");
const cache = path.join(repoRoot, "node_modules/.cache/storyboard-cli");

const storyboard = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { cwd: repoRoot, encoding: "utf8", env: { ...process.env, ...env } });

describe("the command line's bundle", () => {
  it("answers exactly as the sources run through tsx do, from a build in the cache", () => {
    const file = screenplayFile("fountain");
    const bundled = storyboard({ STORYBOARD_CLI_BUNDLE: "1" }, "parse", file, "--json");
    const sources = storyboard({ STORYBOARD_CLI_BUNDLE: "0" }, "parse", file, "--json");
    expect(bundled.status).toBe(0);
    expect(sources.status).toBe(0);
    expect(bundled.stdout).toBe(sources.stdout);
    expect(readdirSync(cache).some((name) => readdirSync(path.join(cache, name)).includes("main.mjs"))).toBe(true);
  });
});
