/** Where signing in and signing up live: every sign-up entry point opens the Register tab. */
export const SIGN_IN_PATH = "/auth";
export const REGISTER_HASH = "#register";
export const REGISTER_PATH = `${SIGN_IN_PATH}${REGISTER_HASH}`;
