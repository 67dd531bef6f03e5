/**
 * The browser-facing security headers of the site, one definition for
 * CloudFront's response-headers policy (stacks/web.ts) and the local server
 * (docs/decisions.md#headers).
 */
import { createHash } from "node:crypto";
import { EMBED_STYLE } from "@storyboard/core/showcase/embed-style";

export const REFERRER_POLICY = "strict-origin-when-cross-origin";
export const FRAME_OPTIONS = "DENY";
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

export interface CspSources {
  /** Hashes of the inline scripts index.html carries (the theme script), `'sha256-…'`. */
  inlineScripts: string[];
  /** Where media files come from besides the site: the bucket's presigned host on AWS. */
  media?: string[];
  /** Other hosts the app calls: the Cognito hosted UI's token endpoint, a local stand-in. */
  connect?: string[];
  /** Other hosts the app shows in a frame: the local Stripe stand-in's 3-D Secure page. */
  frames?: string[];
  /** Vite's dev server: its inline module preamble and its hot-reload socket. */
  dev?: { hmrSocket: string };
}

/**
 * The Content-Security-Policy: scripts only from the site (plus Stripe.js and
 * the hashed theme script), no plugins, no framing by anyone, forms and
 * <base> to the site only. Styles allow inline attributes, which Radix sets.
 */
export function contentSecurityPolicy(sources: CspSources): string {
  const media = sources.media ?? [];
  const scripts = sources.dev ? ["'self'", "'unsafe-inline'"] : ["'self'", ...sources.inlineScripts];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [...scripts, "https://js.stripe.com"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...media],
    "media-src": ["'self'", "blob:", ...media],
    "font-src": ["'self'", "data:"],
    "connect-src": [
      "'self'",
      ...media,
      "https://api.stripe.com",
      ...(sources.connect ?? []),
      ...(sources.dev ? [sources.dev.hmrSocket] : []),
    ],
    "frame-src": ["https://js.stripe.com", "https://hooks.stripe.com", ...(sources.frames ?? [])],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** `'sha256-…'` of every inline <script> (one without src) in an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([^<]*)<\/script>/g)) {
    hashes.push(`'sha256-${createHash("sha256").update(match[1]).digest("base64")}'`);
  }
  return hashes;
}

/** The headers every page and file of the site carries. */
export function siteSecurityHeaders(csp: string): Record<string, string> {
  return {
    "content-security-policy": csp,
    "x-frame-options": FRAME_OPTIONS,
    "referrer-policy": REFERRER_POLICY,
    "x-content-type-options": "nosniff",
  };
}

/** Where embed pages live: the one path of the site any other site may frame (docs/decisions.md#the-embed-page). */
export const EMBED_PATH_PATTERN = "/embed/*";

/**
 * The embed page's policy: nothing but its video and poster (from the site,
 * whose media route redirects to the bucket, and the bucket's host) and its one
 * hashed style; no scripts at all; framed by anyone (`frame-ancestors *`).
 */
export function embedContentSecurityPolicy(sources: { media?: string[] } = {}): string {
  const media = ["'self'", ...(sources.media ?? [])];
  const style = `'sha256-${createHash("sha256").update(EMBED_STYLE).digest("base64")}'`;
  return [
    "default-src 'none'",
    `img-src ${media.join(" ")}`,
    `media-src ${media.join(" ")}`,
    `style-src ${style}`,
    "frame-ancestors *",
    "form-action 'none'",
    "base-uri 'none'",
  ].join("; ");
}

/** The headers of an embed page: like every page's, but no X-Frame-Options and a CSP that lets anyone frame it. */
export function embedSecurityHeaders(csp: string): Record<string, string> {
  return {
    "content-security-policy": csp,
    "referrer-policy": REFERRER_POLICY,
    "x-content-type-options": "nosniff",
  };
}
