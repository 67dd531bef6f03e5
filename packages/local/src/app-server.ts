import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import {
  contentSecurityPolicy,
  embedContentSecurityPolicy,
  embedSecurityHeaders,
  inlineScriptHashes,
  siteSecurityHeaders,
} from "@storyboard/functions/shared/security-headers";
import { handleApi } from "./api-server";
import { createMediaHandler } from "./media";
import { APP_SHELL_FILE } from "@storyboard/core/catalog/prerendered-pages";

export interface AppServerOptions {
  port: number;
  host?: string;
  /** The web app through Vite (dev), from its production build (browser tests), or not at all (API tests). */
  web: "vite" | "static" | "none";
  s3Endpoint: string;
  mediaBucket: string;
}

/**
 * Serves `packages/web/dist` as CloudFront does on AWS: a prerendered page by its
 * path (`/pricing` → pricing.html), the app shell (app.html) for every other route
 * (docs/decisions.md#web-performance).
 */
async function staticWebApp() {
  const { default: sirv } = await import("sirv");
  const dist = fileURLToPath(new URL("../../web/dist", import.meta.url));
  // The build writes .br and .gz beside each asset (vite.config.ts); served compressed as CloudFront would.
  const serve = sirv(dist, { single: APP_SHELL_FILE.slice(1), etag: true, brotli: true, gzip: true });
  return (req: IncomingMessage, res: ServerResponse) =>
    serve(req, res, () => {
      res.statusCode = 404;
      res.end("Not found");
    });
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** `/showcase/{id}` (not the explore page): the share page with the entry's link-preview tags. */
const SHARE_PATH = /^\/showcase\/(?!search$)([^/?#.]+)\/?$/;

/**
 * Answers a showcase share link with the app's HTML plus Open Graph and Twitter
 * tags (docs/decisions.md#showcase); CloudFront does the same on AWS.
 */
async function sharePage(req: IncomingMessage, res: ServerResponse, appHtml: (url: string) => Promise<string>): Promise<boolean> {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = new URL(req.url ?? "/", "http://local");
  const match = SHARE_PATH.exec(url.pathname);
  if (!match) return false;
  // Core reads the environment when first imported: load it only once a request comes.
  const { sharePageHtml } = await import("@storyboard/core/showcase/share");
  let id: string;
  try {
    id = decodeURIComponent(match[1]);
  } catch {
    res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
    res.end("The address is not valid: it has a malformed %-escape.");
    return true;
  }
  const html = await sharePageHtml(id, await appHtml(url.pathname));
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" });
  res.end(req.method === "HEAD" ? undefined : html);
  return true;
}

/** `/embed/{id}`: the player alone, the one page anyone may frame (docs/decisions.md#the-embed-page). */
const EMBED_PATH = /^\/embed\/([^/?#.]+)\/?$/;
const EMBED_API_PATH = /^\/api\/share\/embed\//;
const embedHeaders = embedSecurityHeaders(embedContentSecurityPolicy());

/** Answers an embed page with its own headers instead of the site's; false for any other path. */
async function embedPageAnswer(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const match = EMBED_PATH.exec(new URL(req.url ?? "/", "http://local").pathname);
  if (!match) return false;
  let id: string;
  try {
    id = decodeURIComponent(match[1]);
  } catch {
    return false;
  }
  // Core reads the environment when first imported: load it only once a request comes.
  const { embedPage } = await import("@storyboard/core/showcase/embed");
  const { status, html } = await embedPage(id);
  res.writeHead(status, { ...embedHeaders, "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" });
  res.end(req.method === "HEAD" ? undefined : html);
  return true;
}

/** One origin for everything: `/api/*` to the handlers, `/media/*` to the media bucket, the rest to the web app. */
export type AppServer = { url: string; server: Server; close: () => Promise<void> };

export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  const media = createMediaHandler(options.s3Endpoint, options.mediaBucket);
  let vite:
    { middlewares: Middleware; close: () => Promise<void>; transformIndexHtml: (url: string, html: string) => Promise<string> } | undefined;
  if (options.web === "vite") {
    const { createServer: createVite } = await import("vite");
    const root = fileURLToPath(new URL("../../web", import.meta.url));
    vite = await createVite({
      root,
      configFile: `${root}/vite.config.ts`,
      // The hot-reload socket listens on loopback only, like everything npm start runs (docs/decisions.md#crash-safety).
      server: { middlewareMode: true, hmr: { port: options.port + 1, host: "127.0.0.1" } },
      appType: "spa",
      logLevel: "warn",
    });
  }
  const staticSite = options.web === "static" ? await staticWebApp() : undefined;
  const webRoot = fileURLToPath(new URL("../../web", import.meta.url));
  const appHtml = async (url: string) =>
    vite
      ? vite.transformIndexHtml(url, await readFile(`${webRoot}/index.html`, "utf8"))
      : readFile(`${webRoot}/dist${APP_SHELL_FILE}`, "utf8");
  const securityHeaders = siteSecurityHeaders(
    contentSecurityPolicy({
      inlineScripts: staticSite ? inlineScriptHashes(await readFile(`${webRoot}/dist${APP_SHELL_FILE}`, "utf8")) : [],
      // The browser talks to these stand-ins directly: the card form to the Stripe one, sign-in to the Cognito one.
      connect: [process.env.STRIPE_API_URL, process.env.COGNITO_ENDPOINT]
        .filter((u): u is string => Boolean(u))
        .map((u) => new URL(u).origin),
      // The card form shows the Stripe stand-in's 3-D Secure page in a frame, as Stripe.js shows the bank's.
      frames: process.env.STRIPE_API_URL ? [new URL(process.env.STRIPE_API_URL).origin] : [],
      dev: vite ? { hmrSocket: `ws://localhost:${options.port + 1}` } : undefined,
    }),
  );
  const server = createServer(async (req, res) => {
    // The same headers CloudFront's response-headers policy adds on AWS (stacks/web.ts); API answers set their own too.
    try {
      if (await embedPageAnswer(req, res)) return;
      // The API's embed page sets its own headers, as it does behind CloudFront's /api/* (no site policy there).
      if (!EMBED_API_PATH.test(req.url ?? "")) {
        for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
      }
      if (await handleApi(req, res)) return;
      if (await media(req, res)) return;
      if ((staticSite || vite) && (await sharePage(req, res, appHtml))) return;
      if (staticSite) {
        staticSite(req, res);
        return;
      }
      if (vite) {
        vite.middlewares(req, res, () => {
          res.statusCode = 404;
          res.end("Not found");
        });
        return;
      }
      res.statusCode = 404;
      res.end("Not found");
    } catch (e) {
      console.error(e);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    }
  });
  // Idle connections live a minute, as behind CloudFront: Node's 5 s closed sockets a busy client was about
  // to reuse (an upload then failed with EPIPE on a loaded machine).
  server.keepAliveTimeout = 65_000;
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://${host === "127.0.0.1" ? "localhost" : host}:${port}`,
    server,
    close: async () => {
      await vite?.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections (fetch in test workers, browsers) would hold close() open.
      server.closeAllConnections();
      await closed;
    },
  };
}
