/**
 * The public pages the web build renders to HTML ahead of time
 * (docs/decisions.md#web-performance): a first visit paints them before any
 * JavaScript runs. Every other path gets the app shell (`/app.html`).
 * One list for the build, CloudFront's rewrite and the local server.
 */
export const PRERENDERED_PAGES = [
  "/",
  "/auth",
  "/forgot-password",
  "/pricing",
  "/faq",
  "/tutorials",
  "/showcase",
  "/showcase/search",
  "/privacy",
  "/terms",
  "/copyright",
] as const;

/**
 * Signed-in screens prerendered as their frame while the session loads
 * (header, navigation, the screen's headings and skeletons): the most visited
 * signed-in screen paints before any JavaScript runs, then the app renders it
 * afresh. A signed-out visitor is sent on to /auth once the session answers.
 */
export const SIGNED_IN_FRAMES = ["/dashboard", "/screenplays"] as const;

/** The app shell: served for every path that has no page of its own. */
export const APP_SHELL_FILE = "/app.html";

/** The file a page is written to: `/` → `/index.html`, `/showcase/search` → `/showcase/search.html`. */
export function prerenderedFile(page: string): string {
  return page === "/" ? "/index.html" : `${page}.html`;
}

/** The file that answers a path: its prerendered page, or the app shell. */
export function siteFileFor(pathname: string): string {
  let page = pathname;
  while (page.length > 1 && page.endsWith("/")) page = page.slice(0, -1);
  const own = [...PRERENDERED_PAGES, ...SIGNED_IN_FRAMES] as readonly string[];
  return own.includes(page) ? prerenderedFile(page) : APP_SHELL_FILE;
}
