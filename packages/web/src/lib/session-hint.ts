/**
 * How the first render treats a session that is still loading
 * (docs/decisions.md#web-performance). A prerendered public page was rendered
 * as a signed-out visit; a browser that was not signed in when it last asked
 * hydrates it as it is, treating the visitor as signed out until `/api/user`
 * answers. Everywhere else the app waits for the session as before. The hint
 * is a guess about the layout, never a permission: every screen still follows
 * what `/api/user` says.
 */
const SESSION_HINT_KEY = "signed-in";

let signedOutUntilKnown = false;

/** Whether this browser was signed in when it last asked. */
export function hasSessionHint(): boolean {
  try {
    return typeof localStorage !== "undefined" && localStorage.getItem(SESSION_HINT_KEY) === "1";
  } catch {
    return false;
  }
}

export function rememberSession(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(SESSION_HINT_KEY, "1");
    else localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Storage blocked: every visit then waits for its session, which is only slower.
  }
}

/** For prerendering a public page, and for hydrating one: the visitor counts as signed out until known. */
export function assumeSignedOutUntilKnown() {
  signedOutUntilKnown = true;
}

export function assumesSignedOut(): boolean {
  return signedOutUntilKnown;
}
