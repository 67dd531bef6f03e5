/**
 * The server entry of the build's prerender step (vite.config.ts,
 * docs/decisions.md#web-performance): renders a public page as a first,
 * signed-out visit sees it before any data arrives, so the browser can paint
 * it before the JavaScript runs and then hydrate it unchanged.
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import { AppProvider } from "./app/provider";
import { pageMeta } from "./app/page-meta";
import { routes } from "./app/router";
import { createQueryClient } from "./lib/query-client";
import { assumeSignedOutUntilKnown } from "./lib/session-hint";

assumeSignedOutUntilKnown();

export interface PrerenderedPage {
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  title: string;
  description: string;
}

export async function prerenderPage(path: string): Promise<PrerenderedPage> {
  // The first pass waits for every lazy screen and component to load; its output interleaves
  // React's streaming scripts, which the CSP would refuse. The second pass finds them all
  // loaded and renders plain markup in one go.
  const { prelude } = await prerenderToNodeStream(await pageTree(path));
  for await (const _ of prelude) void _;
  return { html: renderToString(await pageTree(path)), ...pageMeta(path) };
}

async function pageTree(path: string) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, "http://prerender.invalid")));
  if (context instanceof Response) throw new Error(`Prerendering ${path} answered a redirect (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return (
    <StrictMode>
      <AppProvider queryClient={createQueryClient()}>
        {/* No hydration data: the routes have no loaders, and its inline script would need a CSP hash. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>
  );
}

export { APP_SHELL_FILE, PRERENDERED_PAGES, prerenderedFile } from "@storyboard/core/catalog/prerendered-pages";
export { escapeHtml } from "@storyboard/core/html";
