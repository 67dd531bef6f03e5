import { isValidElement } from "react";
import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router-dom";
import { AdaptiveLayout } from "../components/layouts/adaptive-layout";
import { preloadAppLayout } from "../components/layouts/lazy-app-layout";
import { PublicLayout } from "../components/layouts/public-layout";
import { REVIEW_ROUTE } from "../config/paths";
import { isPreloadable, lazyWithPreload } from "../lib/lazy-preload";
import { RedirectIfUser, RequireUser, type SessionPendingHandle } from "./guards";
import { RootLayout } from "./root-layout";
import { NotFound } from "./routes/not-found";

/** Each screen is its own chunk, loaded on demand or preloaded for the first page. */
const screen = lazyWithPreload;

const Landing = screen(() => import("./routes/landing"), "LandingRoute");
const AuthScreen = screen(() => import("../features/auth/components/auth-screen"), "AuthScreen");
const ForgotPassword = screen(() => import("../features/auth/components/forgot-password-screen"), "ForgotPasswordScreen");
const Faq = screen(() => import("../features/faq/components/faq-screen"), "FaqScreen");
const Tutorials = screen(() => import("../features/tutorials/components/tutorials-screen"), "TutorialsScreen");
const Pricing = screen(() => import("../features/pricing/components/pricing-screen"), "PricingScreen");
const ShowcaseExplore = screen(() => import("../features/showcase/components/showcase-explore-screen"), "ShowcaseExploreScreen");
const ShowcaseDetail = screen(() => import("./routes/showcase-detail"), "ShowcaseDetailRoute");
const Privacy = screen(() => import("../features/legal/components/privacy-page"), "PrivacyPage");
const Terms = screen(() => import("../features/legal/components/terms-page"), "TermsPage");
const Copyright = screen(() => import("../features/legal/components/copyright-page"), "CopyrightPage");
const Unsubscribe = screen(() => import("../features/unsubscribe/components/unsubscribe-screen"), "UnsubscribeScreen");
const Review = screen(() => import("../features/review/components/review-screen"), "ReviewScreen");
const Dashboard = screen(() => import("./routes/dashboard"), "DashboardScreen");
const Screenplay = screen(() => import("./routes/screenplay"), "ScreenplayRoute");
const WhatChanged = screen(() => import("../features/revisions/components/what-changed-screen"), "WhatChangedScreen");
const Render = screen(() => import("./routes/render"), "RenderRoute");
const Renders = screen(() => import("../features/renders/components/renders-screen"), "RendersScreen");
const PrepRender = screen(() => import("../features/prep-render/components/prep-render-screen"), "PrepRenderScreen");
const Billing = screen(() => import("../features/billing/components/billing-screen"), "BillingScreen");
const ConfirmPayment = screen(() => import("../features/billing/components/confirm-payment-screen"), "ConfirmPaymentScreen");
const Points = screen(() => import("../features/points/components/points-screen"), "PointsScreen");
const Settings = screen(() => import("../features/settings/components/settings-screen"), "SettingsScreen");
const AdminFixes = screen(() => import("./routes/admin-fixes"), "AdminFixesRoute");

/** docs/product.md#web route table: the public list, the signed-in list, and the 404 for anything else. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: (
          <RedirectIfUser>
            <PublicLayout />
          </RedirectIfUser>
        ),
        children: [
          { path: "/", element: <Landing /> },
          { path: "/auth", element: <AuthScreen /> },
          { path: "/forgot-password", element: <ForgotPassword /> },
        ],
      },
      {
        element: <AdaptiveLayout />,
        children: [
          { path: "/faq", element: <Faq /> },
          { path: "/tutorials", element: <Tutorials /> },
          { path: "/pricing", element: <Pricing /> },
          { path: "/showcase", element: <ShowcaseExplore /> },
          { path: "/showcase/search", element: <ShowcaseExplore /> },
          { path: "/showcase/:id", element: <ShowcaseDetail /> },
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          { path: "/privacy", element: <Privacy /> },
          { path: "/terms", element: <Terms /> },
          { path: "/copyright", element: <Copyright /> },
          { path: "/unsubscribe", element: <Unsubscribe /> },
          { path: REVIEW_ROUTE, element: <Review /> },
        ],
      },
      {
        element: <RequireUser />,
        children: [
          { path: "/dashboard", element: <Dashboard />, handle: { rendersWhileSessionLoads: true } satisfies SessionPendingHandle },
          { path: "/screenplays", element: <Dashboard />, handle: { rendersWhileSessionLoads: true } satisfies SessionPendingHandle },
          { path: "/screenplays/:id", element: <Screenplay /> },
          { path: "/screenplays/:id/changes", element: <WhatChanged /> },
          { path: "/renders", element: <Renders /> },
          { path: "/renders/:id", element: <Render /> },
          { path: "/prep-render/:id", element: <PrepRender /> },
          { path: "/billing", element: <Billing /> },
          { path: "/billing/confirm-payment/:invoiceId", element: <ConfirmPayment /> },
          { path: "/points", element: <Points /> },
          { path: "/settings", element: <Settings /> },
          { path: "/admin/fixes", element: <AdminFixes /> },
        ],
      },
      { path: "*", element: <NotFound /> },
    ],
  },
];

/** Loads the screens of a path ahead of rendering it: the first page's code comes while the session loads. */
export function preloadScreens(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(
    matches.map(({ route }) => {
      if (!isValidElement(route.element)) return undefined;
      if (route.element.type === RequireUser) return preloadAppLayout();
      return isPreloadable(route.element.type) ? route.element.type.preload() : undefined;
    }),
  );
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
