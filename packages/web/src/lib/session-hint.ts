/**
 * How the first render treats a session that is still loading
 * (docs/decisions.md#web-performance). A prerendered public page was rendered
 * as a signed-out visit; a browser that was not signed in when it last asked
 * hydrates it as it is, treating the visitor as signed out until `/api/user`
 * answers. A signed-in screen shows its frame while the session loads when the
 * page was prerendered as that frame or the hint says signed in. The hint
 * is a guess about the layout, never a permission: every screen still follows
 * what `/api/user` says.
 */
export const SESSION_HINT_KEY = "signed-in";

let guess: "signed-out" | "signed-in" | undefined;

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
  guess = "signed-out";
}

/** For a signed-in screen's prerendered frame (`/dashboard`), and for the browser that loads it. */
export function assumeSignedInUntilKnown() {
  guess = "signed-in";
}

export function assumesSignedOut(): boolean {
  return guess === "signed-out";
}

/**
 * Whether a signed-in screen should show its frame (header, navigation, the
 * screen's skeleton) while the session loads, rather than a bare spinner:
 * the page was prerendered as that frame, or this browser was signed in.
 */
export function expectsSignedIn(): boolean {
  return guess === "signed-in" || (guess === undefined && hasSessionHint());
}
