/** Where signing in and signing up live: every sign-up entry point opens the Register tab. */
export const SIGN_IN_PATH = "/auth";
export const REGISTER_HASH = "#register";
export const REGISTER_PATH = `${SIGN_IN_PATH}${REGISTER_HASH}`;

/** A storyboard shared for review (issue 28): public, by its link's token, no account needed. The API answers each link's address (core review/schema.ts reviewPagePath). */
export const REVIEW_ROUTE = "/review/:token";
