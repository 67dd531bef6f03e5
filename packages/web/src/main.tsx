import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { config as zodConfig } from "zod/v4/core";
import { AppProvider } from "./app/provider";
import { createAppRouter, preloadScreens } from "./app/router";
import { preloadHeaderControls } from "./components/layouts/site-header";
import { createQueryClient } from "./lib/query-client";
import { assumeSignedInUntilKnown, assumeSignedOutUntilKnown, hasSessionHint } from "./lib/session-hint";
import "./index.css";

// The site's CSP has no 'unsafe-eval': zod's JIT probe (`new Function`) is reported as a violation even though it is caught.
zodConfig({ jitless: true });

const queryClient = createQueryClient();
const router = createAppRouter();
const app = (
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>
);

const container = document.getElementById("root")!;
const screensLoaded = Promise.all([preloadScreens(window.location.pathname), preloadHeaderControls()]);
// Prerendered pages (docs/decisions.md#web-performance) hydrate in one pass once their screen's code
// is here. A public page was rendered as a signed-out visit: a browser that was signed in renders it
// afresh instead, its screen's code loading alongside the session.
if (container.dataset.frame === "signed-in") {
  // A signed-in screen's prerendered frame: the app's first render while the session loads is the
  // same frame, so it hydrates too, once its code is here, rather than building the page again.
  assumeSignedInUntilKnown();
  void screensLoaded.finally(() => startTransition(() => void hydrateRoot(container, app)));
} else if (container.hasAttribute("inert") && !hasSessionHint()) {
  assumeSignedOutUntilKnown();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread.
  void screensLoaded.finally(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  // The app shell's spinner stays until React's first commit replaces it; a public page prerendered as
  // signed out goes at once, so a signed-in browser never sees the signed-out layout.
  if (container.hasAttribute("inert")) container.replaceChildren();
  container.removeAttribute("inert");
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
