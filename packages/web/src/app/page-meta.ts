import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { APP_NAME } from "../config/env";

interface PageMeta {
  title: string;
  description: string;
}

const DEFAULT_DESCRIPTION = "Storyboard turns your screenplay into a narrated, styled video storyboard.";

/** Titles and descriptions per route (docs/product.md#web), first match wins. */
const PAGES: [RegExp, PageMeta][] = [
  [/^\/$/, { title: `${APP_NAME}: turn your screenplay into visual stories`, description: DEFAULT_DESCRIPTION }],
  [/^\/auth$/, { title: "Sign in or register", description: "Sign in to Storyboard, or register and get 500 points free." }],
  [/^\/forgot-password$/, { title: "Reset your password", description: "Reset your Storyboard password with a code sent to your e-mail." }],
  [/^\/pricing$/, { title: "Pricing", description: "Pay as you go with points, or subscribe for a lower price per page." }],
  [/^\/faq$/, { title: "FAQ", description: "Answers to common questions about Storyboard renders, points and accounts." }],
  [/^\/tutorials$/, { title: "How To Get Started", description: "A video tour: upload a screenplay, choose render settings and generate a storyboard." }],
  [/^\/showcase(\/search)?$/, { title: "Showcase", description: "Explore storyboards that screenwriters made with Storyboard." }],
  [/^\/showcase\/[^/]+$/, { title: "Showcase", description: "A screenplay storyboard from the Storyboard showcase." }],
  [/^\/privacy$/, { title: "Privacy Policy", description: "How Storyboard handles your data." }],
  [/^\/terms$/, { title: "Terms of Service", description: "The terms of using Storyboard." }],
  [/^\/copyright$/, { title: "Copyright Policy", description: "Reporting copyright infringement to Storyboard." }],
  [/^\/review$/, { title: "Review", description: "A storyboard shared with you for review." }],
  [/^\/unsubscribe$/, { title: "Unsubscribe", description: "Manage Storyboard e-mails." }],
  [/^\/(dashboard|screenplays)$/, { title: "Dashboard", description: DEFAULT_DESCRIPTION }],
  [/^\/screenplays\/[^/]+$/, { title: "Screenplay", description: DEFAULT_DESCRIPTION }],
  [/^\/screenplays\/[^/]+\/changes$/, { title: "What changed", description: DEFAULT_DESCRIPTION }],
  [/^\/renders(\/[^/]+)?$/, { title: "Renders", description: DEFAULT_DESCRIPTION }],
  [/^\/prep-render\/[^/]+$/, { title: "Prepare render", description: DEFAULT_DESCRIPTION }],
  [/^\/billing$/, { title: "Billing", description: DEFAULT_DESCRIPTION }],
  [/^\/points$/, { title: "Points", description: DEFAULT_DESCRIPTION }],
  [/^\/settings$/, { title: "Settings", description: DEFAULT_DESCRIPTION }],
  [/^\/admin\/fixes$/, { title: "Admin Fixes", description: DEFAULT_DESCRIPTION }],
];

export function pageMeta(pathname: string): PageMeta {
  const found = PAGES.find(([pattern]) => pattern.test(pathname))?.[1] ?? { title: "Page not found", description: DEFAULT_DESCRIPTION };
  return found.title.startsWith(APP_NAME) ? found : { ...found, title: `${found.title} | ${APP_NAME}` };
}

function headElement(selector: string, create: () => HTMLElement) {
  return document.head.querySelector(selector) ?? document.head.appendChild(create());
}

/** Keeps <title>, the description and the canonical link in step with the route. */
export function usePageMeta() {
  const { pathname } = useLocation();
  useEffect(() => {
    const { title, description } = pageMeta(pathname);
    document.title = title;
    headElement('meta[name="description"]', () => Object.assign(document.createElement("meta"), { name: "description" })).setAttribute(
      "content",
      description,
    );
    headElement('link[rel="canonical"]', () => Object.assign(document.createElement("link"), { rel: "canonical" })).setAttribute(
      "href",
      new URL(pathname, window.location.origin).toString(),
    );
  }, [pathname]);
}
