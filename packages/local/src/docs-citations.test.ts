/**
 * The repository stands alone: no file cites a path outside it (the product
 * description, the architecture and every rule are in `docs/`), and every
 * `docs/<page>.md#anchor` a file cites names a heading that exists.
 * See docs/architecture.md#tests.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const SELF = "packages/local/src/docs-citations.test.ts";
/** The optional screenplay corpus lives beside the repository by design (it is not ours to copy in). */
const MAY_POINT_OUTSIDE = new Set(["packages/core/src/screenplay/fixtures/corpus.ts"]);
/** Files whose relative paths are relative to another folder than their own (SST resolves the site's paths from packages/web). */
const PATHS_RELATIVE_ELSEWHERE = new Set(["stacks/web.ts"]);
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|json|ya?ml|sh|css|html)$|^\.ci\/run$/;

function repoFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: repoRoot, encoding: "utf8" });
  return out
    .split("\n")
    .filter((f) => f && TEXT.test(f) && f !== SELF && !f.endsWith("package-lock.json") && existsSync(path.join(repoRoot, f)));
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of markdown.split("\n")) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = heading[1]
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

const OUTSIDE = [
  { pattern: /shared\/(corpus|spec|DESIGN)|\/work\/shared\b/, what: "the shared folder outside the repository" },
  { pattern: /§\s?\d/, what: "a section of a document outside the repository" },
  { pattern: /\bDESIGN(\.md| Decision)/, what: "DESIGN.md, a document outside the repository" },
  { pattern: /product-spec\.md/, what: "the product spec, a document outside the repository" },
];

describe("citations stay inside the repository", () => {
  const files = repoFiles();
  const docs = new Map<string, Set<string>>();
  const anchors = (page: string) => {
    if (!docs.has(page)) {
      const file = path.join(repoRoot, page);
      docs.set(page, existsSync(file) ? anchorsOf(readFileSync(file, "utf8")) : new Set());
    }
    return docs.get(page)!;
  };

  it("no file cites a path or document outside the repository", () => {
    const problems: string[] = [];
    for (const file of files) {
      if (MAY_POINT_OUTSIDE.has(file)) continue;
      readFileSync(path.join(repoRoot, file), "utf8")
        .split("\n")
        .forEach((line, i) => {
          for (const { pattern, what } of OUTSIDE) {
            if (pattern.test(line)) problems.push(`${file}:${i + 1} cites ${what}: ${line.trim().slice(0, 120)}`);
          }
          // Relative paths (links, imports, comments) must resolve inside the repository.
          for (const [target] of PATHS_RELATIVE_ELSEWHERE.has(file) ? [] : line.matchAll(/(?:\.\.\/)+[\w.@-]*/g)) {
            const resolved = path.resolve(repoRoot, path.dirname(file), target);
            if (!`${resolved}/`.startsWith(repoRoot)) problems.push(`${file}:${i + 1} points outside the repository: ${target}`);
          }
        });
    }
    expect(
      problems,
      "Cite the repository's own docs instead: docs/product.md#<anchor> for behaviour (screens, routes, rules, constants, texts), " +
        "docs/architecture.md#<anchor> for how it is built, docs/decisions.md for choices. Tests write their own screenplays " +
        "(packages/core/src/screenplay/fixtures/). Problems:\n" +
        problems.join("\n"),
    ).toEqual([]);
  });

  it("every docs/<page>.md#anchor that a file cites exists", () => {
    const problems: string[] = [];
    for (const file of files) {
      readFileSync(path.join(repoRoot, file), "utf8")
        .split("\n")
        .forEach((line, i) => {
          for (const [, page, anchor] of line.matchAll(/\b(docs\/[\w-]+\.md)#([\w-]+)/g)) {
            const known = anchors(page);
            if (!known.has(anchor)) {
              problems.push(
                `${file}:${i + 1} cites ${page}#${anchor}; ${page} has ${[...known].map((a) => `#${a}`).join(" ") || "no headings (missing file?)"}`,
              );
            }
          }
        });
    }
    expect(
      problems,
      "Use one of the listed anchors, or add a heading to the page if the concept is new (the anchor is the heading in lower case, " +
        "spaces as hyphens). Problems:\n" +
        problems.join("\n"),
    ).toEqual([]);
  });

  it("the anchors every part of the code relies on exist", () => {
    const required = [
      "accounts",
      "screenplays",
      "renders",
      "points",
      "payments",
      "subscriptions",
      "showcase",
      "admin",
      "notifications",
      "roles",
      "api",
      "errors",
      "constants",
      "web",
    ];
    expect(required.filter((a) => !anchors("docs/product.md").has(a))).toEqual([]);
  });
});
