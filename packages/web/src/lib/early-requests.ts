/**
 * Requests a screen needs, started by an inline script in the page's <head>
 * while the app's code is still downloading (docs/decisions.md#web-performance).
 * Without them a signed-in screen waits for its code, then for the session,
 * then for its data: three round trips in a row before anything shows.
 *
 * The session and the public settings are asked for on every page (a
 * signed-out visitor gets `null`, never an error). A screen's own data is
 * asked for only once the session says someone is signed in, so a signed-out
 * visit never logs a 401. `api` takes each answer once (`takeEarlyResponse`);
 * anything not taken within EARLY_RESPONSE_TTL_MS is left and fetched afresh.
 *
 * This module has no imports: the stack reads it to hash the script for the CSP.
 */

const DASHBOARD_DATA = ["/api/screenplays", "/api/renders", "/api/user/referral-code"] as const;

/** GET URLs each signed-in screen reads on its first render (checked by early-requests.test.tsx); both paths show the dashboard. */
export const EARLY_REQUESTS: Readonly<Record<string, readonly string[]>> = {
  "/dashboard": DASHBOARD_DATA,
  "/screenplays": DASHBOARD_DATA,
};

/** Asked for on every page. */
export const EARLY_ALWAYS: readonly string[] = ["/api/user", "/api/env"];

export const EARLY_RESPONSE_TTL_MS = 10_000;

const GLOBAL_KEY = "__storyboardEarly";

interface EarlyAnswers {
  startedAt: number;
  answers: Record<string, Promise<Response | null> | undefined>;
}

/**
 * The script, as literal text so every reader (Vite's build, the stack's CSP
 * hash, the local server) sees the same bytes. Plain ES2017 with no `<` (the
 * CSP hash reader stops at one). Every promise it keeps resolves (to null on
 * failure), so nothing it leaves behind is an unhandled rejection.
 */
const SCRIPT = `(function (always, routes, key) {
  try {
    var get = function (url) {
      return fetch(url, { credentials: "include", headers: { Accept: "application/json" } }).catch(function () { return null; });
    };
    var early = {};
    always.forEach(function (url) { early[url] = get(url); });
    var own = routes[location.pathname.replace(/\\/+$/, "") || "/"];
    if (own && early["/api/user"]) {
      var signedIn = early["/api/user"].then(function (r) {
        return r && r.ok ? r.clone().json().then(function (u) { return !!(u && u.id); }) : false;
      }).catch(function () { return false; });
      own.forEach(function (url) {
        early[url] = signedIn.then(function (yes) { return yes ? get(url) : null; });
      });
    }
    window[key] = { startedAt: Date.now(), answers: early };
  } catch (e) {}
})`;

/** The inline script's text, for index.html (injected at build and in development) and the CSP hash. */
export function earlyRequestsScript(): string {
  return `${SCRIPT}(${JSON.stringify(EARLY_ALWAYS)}, ${JSON.stringify(EARLY_REQUESTS)}, ${JSON.stringify(GLOBAL_KEY)});`;
}

/** The answer the inline script got for `url`, once; undefined when there is none (or it is too old). */
export function takeEarlyResponse(url: string): Promise<Response | null> | undefined {
  if (typeof window === "undefined") return undefined;
  const early = (window as unknown as Record<string, EarlyAnswers | undefined>)[GLOBAL_KEY];
  const answer = early?.answers[url];
  if (!early || !answer) return undefined;
  delete early.answers[url];
  return Date.now() - early.startedAt > EARLY_RESPONSE_TTL_MS ? undefined : answer;
}
