import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useIsHydrating } from "./hydration";
import type { NotificationPreferences } from "@storyboard/core/auth/schema";
import { api } from "./api";
import { USER_QUERY_KEY } from "./query-keys";
import { assumesSignedOut, rememberSession } from "./session-hint";

export interface User {
  id: string;
  username: string;
  email: string;
  fullName?: string | null;
  roles: string[];
  timezone: string;
  points: number;
  notificationPreferences: NotificationPreferences;
  createdAt: string;
  /** When the welcome dialog was closed, in any browser; null until then. */
  welcomeDismissedAt?: string | null;
}

export { USER_QUERY_KEY };

/** GET /api/user. docs/product.md#api: a 401 or any other failure means signed out (null). */
export async function fetchUser(): Promise<User | null> {
  try {
    const user = await api.get<User | null>("/api/user");
    return user && typeof user === "object" && "id" in user ? user : null;
  } catch {
    return null;
  }
}

export const userQueryOptions = () =>
  queryOptions({
    queryKey: USER_QUERY_KEY,
    queryFn: fetchUser,
  });

/** What screens read of the session. */
export interface UserQuery {
  data: User | null | undefined;
  isPending: boolean;
  isSuccess: boolean;
  isPlaceholderData: boolean;
}

/** The session as the prerender saw it: signed out (a public page) or not yet known (a signed-in frame). */
function prerenderedSession(): UserQuery {
  return assumesSignedOut()
    ? { data: null, isPending: false, isSuccess: true, isPlaceholderData: true }
    : { data: undefined, isPending: true, isSuccess: false, isPlaceholderData: false };
}

/**
 * The signed-in user, `null` when signed out. While a prerendered page hydrates
 * (lib/session-hint.ts) it reads as the prerender saw it, signed out or not yet
 * known, even when `/api/user` has already answered, so the page hydrates as it
 * was prerendered; `isPlaceholderData` tells screens that need the real answer.
 */
export function useUser(): UserQuery {
  const query = useQuery({ ...userQueryOptions(), placeholderData: assumesSignedOut() ? null : undefined });
  const hydrating = useIsHydrating();
  const known = query.isSuccess && !query.isPlaceholderData;
  useEffect(() => {
    if (known) rememberSession(query.data !== null);
  }, [known, query.data]);
  return hydrating ? prerenderedSession() : query;
}

/**
 * True once the session is known and someone is signed in: a signed-in screen
 * can render its frame while the session loads (app/guards.tsx), and its own
 * queries wait for this, so a stale guess never sends requests that answer 401.
 */
export function useIsSignedIn(): boolean {
  const { data, isPlaceholderData } = useUser();
  return !!data && !isPlaceholderData;
}

export function hasRole(user: { roles?: string[] } | null | undefined, role: string): boolean {
  return !!user?.roles?.includes(role);
}
