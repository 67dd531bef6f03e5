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
import { PageSpinner } from "./components/ui/spinner";
import { createQueryClient } from "./lib/query-client";
import { assumeSignedInUntilKnown, assumeSignedOutUntilKnown } from "./lib/session-hint";

export interface PrerenderedPage {
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  title: string;
  description: string;
}

/**
 * A public page as a signed-out visit sees it, or a signed-in screen's frame
 * (`SIGNED_IN_FRAMES`) as it shows while the session loads.
 */
export async function prerenderPage(path: string, as: "signed-out" | "signed-in-frame" = "signed-out"): Promise<PrerenderedPage> {
  if (as === "signed-in-frame") assumeSignedInUntilKnown();
  else assumeSignedOutUntilKnown();
  // The first pass waits for every lazy screen and component to load; its output interleaves
  // React's streaming scripts, which the CSP would refuse. The second pass finds them all
  // loaded and renders plain markup in one go.
  const { prelude } = await prerenderToNodeStream(await pageTree(path));
  for await (const _ of prelude) void _;
  return { html: renderToString(await pageTree(path)), ...pageMeta(path) };
}

/**
 * What the app shell (every signed-in route) shows before its code runs: the
 * spinner the app itself shows while the session loads, so the first paint
 * comes with the HTML and the app replaces it in place.
 */
export const appShellHtml = () => renderToString(<PageSpinner label="Loading" />);

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

export { APP_SHELL_FILE, PRERENDERED_PAGES, prerenderedFile, SIGNED_IN_FRAMES } from "@storyboard/core/catalog/prerendered-pages";
export { escapeHtml } from "@storyboard/core/html";
