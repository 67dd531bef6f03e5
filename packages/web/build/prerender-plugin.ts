import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { build, type Plugin } from "vite";
import { earlyRequestsScript } from "../src/lib/early-requests";

interface PrerenderEntry {
  prerenderPage(path: string, as?: "signed-out" | "signed-in-frame"): Promise<{ html: string; title: string; description: string }>;
  SIGNED_IN_FRAMES: readonly string[];
  appShellHtml(): string;
  PRERENDERED_PAGES: readonly string[];
  APP_SHELL_FILE: string;
  prerenderedFile(page: string): string;
  escapeHtml(text: string): string;
}

/**
 * After the browser build: renders the public pages to HTML with a server build
 * of `src/prerender.tsx` (docs/decisions.md#web-performance), keeps the page
 * with only a loading spinner as the app shell (`app.html`), then writes a .br and a .gz beside every
 * text file, so the local server (sirv) answers compressed as CloudFront does
 * on AWS; without them the local Lighthouse figures would measure an
 * uncompressed site.
 */
export function prerenderAndCompress(): Plugin {
  let root = "";
  let outDir = "";
  let serverBuild = false;
  return {
    name: "storyboard-prerender",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      serverBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (serverBuild) return;
      const serverOut = path.join(root, "node_modules", ".prerender");
      await build({
        root,
        configFile: path.join(root, "vite.config.ts"),
        logLevel: "warn",
        // Bundle every dependency: externalised, some would load the repository root's other React.
        ssr: { noExternal: true },
        build: { ssr: "src/prerender.tsx", outDir: serverOut, emptyOutDir: true, copyPublicDir: false },
      });
      const entry = (await import(pathToFileURL(path.join(serverOut, "prerender.js")).href)) as PrerenderEntry;
      const template = readFileSync(path.join(outDir, "index.html"), "utf8");
      if (!template.includes('<div id="root"></div>')) throw new Error("index.html has no empty #root to prerender into");
      writeFileSync(
        path.join(outDir, entry.APP_SHELL_FILE),
        template.replace('<div id="root"></div>', () => `<div id="root">${entry.appShellHtml()}</div>`),
      );
      const pages = [
        ...entry.PRERENDERED_PAGES.map((page) => ({ page, as: "signed-out" as const })),
        ...entry.SIGNED_IN_FRAMES.map((page) => ({ page, as: "signed-in-frame" as const })),
      ];
      for (const { page, as } of pages) {
        const { html, title, description } = await entry.prerenderPage(page, as);
        if (/<script/i.test(html))
          throw new Error(
            `Prerendered ${page} carries a script, which the CSP would refuse: ${html.slice(html.search(/<script/i), html.search(/<script/i) + 300)}`,
          );
        // Inert until hydrated and the session is known (src/app/root-layout.tsx): a tap before then would be
        // lost (the dashboard's Upload button has no handler yet), or a form sent by the browser itself.
        const root = as === "signed-out" ? '<div id="root" inert>' : '<div id="root" inert data-frame="signed-in">';
        const file = path.join(outDir, entry.prerenderedFile(page));
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(
          file,
          template
            .replace('<div id="root"></div>', () => `${root}${html}</div>`)
            .replace(/<title>[^<]*<\/title>/, () => `<title>${entry.escapeHtml(title)}</title>`)
            .replace(
              /(<meta name="description" content=")[^"]*(")/,
              (_, open: string, close: string) => `${open}${entry.escapeHtml(description)}${close}`,
            ),
        );
      }
      rmSync(serverOut, { recursive: true, force: true });
      compressTextFiles(outDir);
    },
  };
}

/** Puts the early-requests script (src/lib/early-requests.ts) in every page's <head>, in development and in the build. */
export function earlyRequests(): Plugin {
  return {
    name: "storyboard-early-requests",
    transformIndexHtml: () => [{ tag: "script", children: earlyRequestsScript(), injectTo: "head-prepend" }],
  };
}

function compressTextFiles(dir: string) {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
  for (const file of walk(dir).filter((f) => /\.(js|css|html|svg|json|txt)$/.test(f))) {
    const bytes = readFileSync(file);
    if (bytes.length < 1024) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(bytes));
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  }
}
