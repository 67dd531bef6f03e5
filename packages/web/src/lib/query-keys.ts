/** Query keys that more than one feature touches. */
export const USER_QUERY_KEY = ["user"] as const;
