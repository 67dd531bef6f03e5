/** Set when the welcome has been dismissed; its value is the time of dismissal. */
export const WELCOME_STORAGE_KEY = "welcomeDismissedAt";

/** True once the welcome has been seen: the dashboard then says "Welcome back". */
export function dismissedBefore(): boolean {
  try {
    return !!localStorage.getItem(WELCOME_STORAGE_KEY);
  } catch {
    return true;
  }
}
