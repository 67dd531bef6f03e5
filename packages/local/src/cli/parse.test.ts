import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { screenplayFile } from "../test/fixtures";

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));
const bin = path.join(repoRoot, "packages/local/bin/storyboard.mjs");

const storyboard = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { cwd: repoRoot, encoding: "utf8" });

describe("storyboard parse", () => {
  it("prints the parse as JSON and exits 0", () => {
    const run = storyboard("parse", screenplayFile("fdx"), "--json");
    expect(run.status).toBe(0);
    const output = JSON.parse(run.stdout);
    expect(Object.keys(output)).toEqual(["title", "format", "pageCount", "blocks", "characterDictionary", "sceneDictionary"]);
    expect(output).toMatchObject({ title: "Night Shift", format: "fdx", pageCount: 1 });
    expect(output.blocks[0]).toEqual({ id: "b0001", type: "scene_heading", text: "INT. OFFICE - NIGHT" });
    expect(Object.keys(output.characterDictionary).sort()).toEqual(["GUARD", "JANITOR", "PROGRAMMER"]);
  });

  it("prints a one-line reason and exits 1 for a bad file", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "storyboard-cli-"));
    const pdf = path.join(dir, "script.fdx");
    writeFileSync(pdf, "%PDF-1.4\n1 0 obj\n");
    const run = storyboard("parse", pdf, "--json");
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/^storyboard parse: This file is not a Final Draft screenplay \(\.fdx\)\. It is a PDF document\./);
    const missing = storyboard("parse", path.join(dir, "nope.fountain"));
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim()).toBe(`storyboard parse: File not found: ${path.join(dir, "nope.fountain")}`);
  });

  it("refuses unknown commands", () => {
    const run = storyboard("paint");
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Unknown command "paint"');
  });
});
