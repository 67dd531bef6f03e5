/**
 * axe-core in a real browser: no serious or critical accessibility violation
 * on the screens a visitor and a signed-in user reach first, in light and dark
 * themes and at phone width (docs/product.md#web).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { appUrl, launchBrowser } from "./browser";
import { signedInContext } from "./support";

// Evaluated through the DevTools protocol, which the pages' Content-Security-Policy (no inline scripts) does not govern.
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const PUBLIC = ["/", "/auth", "/pricing", "/faq", "/showcase/search", "/terms"];
const SIGNED_IN = ["/dashboard", "/points", "/settings"];
const THEMES = ["light", "dark"] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: unknown[] }[];
}

/** Serious and critical violations on the page as it stands, as "rule: first targets". */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (o: object) => Promise<{ violations: unknown[] }> } }).axe
      .run({ resultTypes: ["violations"] })
      .then((r) => r.violations),
  )) as Violation[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => JSON.stringify(n.target))
          .join(" ")}`,
    );
}

async function visit(page: Page, path: string, theme: string) {
  await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
  await page.goto(appUrl(path));
  await page.locator("main, [role=main], h1").first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
}

describe("accessibility (axe-core)", () => {
  for (const theme of THEMES) {
    it(`has no serious or critical violation on the public pages, ${theme} theme, desktop and phone`, async () => {
      const found: string[] = [];
      for (const viewport of [
        { width: 1280, height: 900 },
        { width: 390, height: 844 },
      ]) {
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        for (const path of PUBLIC) {
          await visit(page, path, theme);
          for (const v of await seriousViolations(page)) found.push(`${viewport.width}px ${path} ${v}`);
        }
        await context.close();
      }
      expect(found).toEqual([]);
    });

    it(`has no serious or critical violation on the signed-in pages, ${theme} theme`, async () => {
      const { page, context } = await signedInContext(browser);
      const found: string[] = [];
      for (const path of SIGNED_IN) {
        await visit(page, path, theme);
        for (const v of await seriousViolations(page)) found.push(`${path} ${v}`);
      }
      await context.close();
      expect(found).toEqual([]);
    });
  }
});
