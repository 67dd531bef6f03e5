/**
 * Lighthouse over the production build: builds the web app, serves it with the
 * API on one port (as the browser tests do), and runs Lighthouse 12 (mobile
 * preset, Debian's Chromium) on the public pages and a signed-in dashboard.
 * Prints each category's score, LCP and the failing audits. Goal: 95+ in
 * every category (docs/architecture.md#tests).
 *
 *   npm run bench:web            (builds into packages/web/dist: run it alone, not beside the browser tests)
 *   npm run bench:web -- --no-build
 *   npm run bench:web -- --reports <dir>   (also writes each page's full Lighthouse report as JSON)
 *   npm run bench:web -- --pages /,/auth   (only these pages)
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { WELCOME_STORAGE_KEY } from "@storyboard/web/src/features/dashboard/welcome-seen";
import { SESSION_HINT_KEY } from "@storyboard/web/src/lib/session-hint";
import { startProduct } from "../src/test/product";

const pagesArg = process.argv.indexOf("--pages");
const PAGES = pagesArg > 0 ? process.argv[pagesArg + 1].split(",") : ["/", "/pricing", "/auth", "/showcase/search", "/dashboard"];
const SIGNED_IN = new Set(["/dashboard"]);

/**
 * A signed-in page is measured as a returning user's browser sees it: signed
 * in (the cookie, and the session hint the app keeps in local storage), the
 * first-visit welcome already dismissed, and nothing cached, so every file and
 * answer still comes over the (simulated) network. Lighthouse's own storage
 * reset would make every run a first visit, with the welcome dialog over the page.
 */
async function returningBrowser(port: number, url: string, cookie: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  const [name, ...value] = cookie.split(";")[0].split("=");
  await context.addCookies([{ name, value: value.join("="), url }]);
  const page = await context.newPage();
  await page.goto(new URL("/favicon.svg", url).toString());
  await page.evaluate(
    ([hint, welcome]) => {
      localStorage.setItem(hint, "1");
      localStorage.setItem(welcome, new Date().toISOString());
    },
    [SESSION_HINT_KEY, WELCOME_STORAGE_KEY],
  );
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await page.close();
  await browser.close();
}
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const reportsArg = process.argv.indexOf("--reports");
const reportsDir = reportsArg > 0 ? process.argv[reportsArg + 1] : undefined;
const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

interface Row {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: string;
  firstLoadKb: string;
  failing: string[];
}

async function main() {
  if (!process.argv.includes("--no-build")) {
    execFileSync("npm", ["run", "build", "-w", "@storyboard/web"], { cwd: repoRoot, stdio: ["ignore", "ignore", "inherit"] });
  }
  const product = await startProduct("static");
  const { createTestUser } = await import("../src/test/fixtures");
  const user = await createTestUser({ points: 500 });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
  const rows: Row[] = [];
  try {
    for (const page of PAGES) {
      if (SIGNED_IN.has(page)) await returningBrowser(chrome.port, process.env.APP_URL!, user.cookie);
      const result = await lighthouse(new URL(page, process.env.APP_URL).toString(), {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
        ...(SIGNED_IN.has(page) ? { extraHeaders: { Cookie: user.cookie }, disableStorageReset: true } : {}),
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      const { lhr } = result;
      if (reportsDir) {
        mkdirSync(reportsDir, { recursive: true });
        writeFileSync(`${reportsDir}/${page.replaceAll("/", "_") || "_"}.json`, JSON.stringify(lhr));
      }
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Row["scores"];
      const failing = CATEGORIES.flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id])
          .filter((audit) => audit.score !== null && audit.score < (c === "performance" ? 0.9 : 1))
          .map((audit) => audit.id),
      );
      const scripts =
        (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ??
        [];
      const jsBytes = scripts.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
      rows.push({
        page,
        scores,
        lcp: lhr.audits["largest-contentful-paint"]?.displayValue ?? "?",
        firstLoadKb: (jsBytes / 1024).toFixed(0),
        failing: [...new Set(failing)],
      });
      // Where the accessibility, best-practice and SEO failures are, so they can be fixed without opening the report.
      for (const id of failing) {
        const details = lhr.audits[id]?.details as
          { items?: { node?: { selector?: string; snippet?: string }; description?: string; source?: { url?: string } }[] } | undefined;
        const where = (details?.items ?? [])
          .slice(0, 3)
          .map((i) => i.node?.snippet ?? i.description ?? i.source?.url ?? "")
          .filter(Boolean);
        if (where.length && !lhr.categories.performance?.auditRefs.some((r) => r.id === id))
          console.error(`  ${page} ${id}: ${where.join(" | ").slice(0, 400)}`);
      }
      console.error(`measured ${page}`);
    }
  } finally {
    await chrome.kill();
    await product.stop();
  }
  console.log("| page | performance | accessibility | best practices | SEO | LCP | JS transferred (KB) | failing audits |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    const s = r.scores;
    console.log(
      `| \`${r.page}\` | ${s.performance} | ${s.accessibility} | ${s["best-practices"]} | ${s.seo} | ${r.lcp} | ${r.firstLoadKb} | ${r.failing.join(", ") || "none"} |`,
    );
  }
  const below = rows.filter((r) => Object.values(r.scores).some((v) => v < 95)).map((r) => r.page);
  console.log(below.length ? `\nBelow 95 somewhere: ${below.join(", ")}` : "\nEvery category is 95 or more on every page.");
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
