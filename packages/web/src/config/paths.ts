/** Where signing in and signing up live: every sign-up entry point opens the Register tab. */
export const SIGN_IN_PATH = "/auth";
export const REGISTER_HASH = "#register";
export const REGISTER_PATH = `${SIGN_IN_PATH}${REGISTER_HASH}`;

/**
 * A storyboard shared for review (issue 28): public, no account needed. The link's token is the
 * fragment (`/review#TOKEN`), which browsers never send (docs/decisions.md#review-links).
 */
export const REVIEW_ROUTE = "/review";
