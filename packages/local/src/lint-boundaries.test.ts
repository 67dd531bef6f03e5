/**
 * The import boundaries of docs/architecture.md#boundaries are enforced by
 * `npm run lint`: these lint deliberate violations and expect them refused.
 */
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

async function ruleIds(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return result.messages.map((m) => m.ruleId);
}

describe("import boundaries", () => {
  it("refuses a web feature importing another feature", async () => {
    const ids = await ruleIds(
      "packages/web/src/features/points/components/probe.tsx",
      'import { useUser } from "../../../lib/user";\nimport { plansQueryOptions } from "../../pricing/api/plans";\nexport const probe = [useUser, plansQueryOptions];\n',
    );
    expect(ids).toEqual(["import/no-restricted-paths"]);
  });

  it("refuses shared web code importing a feature", async () => {
    const ids = await ruleIds(
      "packages/web/src/lib/probe.ts",
      'import { plansQueryOptions } from "../features/pricing/api/plans";\nexport const probe = plansQueryOptions;\n',
    );
    expect(ids).toEqual(["import/no-restricted-paths"]);
  });

  it("lets app/ compose features", async () => {
    const ids = await ruleIds(
      "packages/web/src/app/routes/probe.tsx",
      'import { plansQueryOptions } from "../../features/pricing/api/plans";\nexport const probe = plansQueryOptions;\n',
    );
    expect(ids).toEqual([]);
  });

  it("refuses core importing functions, local or web", async () => {
    const relative = await ruleIds(
      "packages/core/src/render/probe.ts",
      'import { routes } from "../../../functions/src/routes";\nexport const probe = routes;\n',
    );
    expect(relative).toEqual(["import/no-restricted-paths"]);
    const named = await ruleIds(
      "packages/core/src/render/probe.ts",
      'import { routes } from "@storyboard/functions/routes";\nexport const probe = routes;\n',
    );
    expect(named).toEqual(["no-restricted-imports"]);
  });

  it("refuses Node or AWS code in a browser-safe core module, and non-browser-safe core in the web", async () => {
    expect(
      await ruleIds("packages/core/src/render/schema.ts", 'import { readFileSync } from "node:fs";\nexport const probe = readFileSync;\n'),
    ).toEqual(["no-restricted-imports"]);
    expect(
      await ruleIds("packages/core/src/catalog/styles.ts", 'import { db } from "../dynamo/service";\nexport const probe = db;\n'),
    ).toEqual(["import/no-restricted-paths"]);
    expect(
      await ruleIds("packages/web/src/lib/probe.ts", 'import { db } from "@storyboard/core/dynamo/service";\nexport const probe = db;\n'),
    ).toEqual(["no-restricted-imports"]);
  });
});
