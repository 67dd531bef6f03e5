import { Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { PageSpinner } from "../components/ui/spinner";
import { useGoogleRedirectHandler } from "../features/auth/api/google";
import { storeReferral } from "../lib/referral";
import { useUser } from "../lib/user";
import { usePageMeta } from "./page-meta";

/** docs/product.md#web: every route change starts at the top of the page. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** docs/product.md#web: `?ref=CODE` on any page is kept for registration. */
function ReferralCapture() {
  const { search } = useLocation();
  useEffect(() => {
    const ref = new URLSearchParams(search).get("ref");
    if (ref) storeReferral(ref);
  }, [search]);
  return null;
}

function GoogleRedirectHandler() {
  useGoogleRedirectHandler();
  return null;
}

/**
 * A prerendered page arrives inert (docs/decisions.md#web-performance): a tap or a form
 * submitted before React has taken over would be lost or sent by the browser itself, and
 * one made before the session is known would act for a signed-out visitor. Once this
 * boundary has hydrated and `/api/user` has answered, the page is live.
 */
function MarkInteractive() {
  const { isPending, isPlaceholderData } = useUser();
  const known = !isPending && !isPlaceholderData;
  useEffect(() => {
    if (known) document.getElementById("root")?.removeAttribute("inert");
  }, [known]);
  return null;
}

/** A title, description and canonical link per route. */
function PageMeta() {
  usePageMeta();
  return null;
}

export function RootLayout() {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-[3px] focus:ring-ring/50"
      >
        Skip to content
      </a>
      {/* Everything that reads data sits inside the boundary: a prerendered page hydrates this
          boundary after the root commits, and data fetched by an effect outside it could arrive
          first and no longer match the server's HTML (docs/decisions.md#web-performance). */}
      <Suspense fallback={<PageSpinner />}>
        <ScrollToTop />
        <ReferralCapture />
        <GoogleRedirectHandler />
        <PageMeta />
        <Outlet />
        <MarkInteractive />
      </Suspense>
    </>
  );
}
