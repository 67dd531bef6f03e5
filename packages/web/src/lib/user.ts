import { queryOptions, useQuery } from "@tanstack/react-query";
import type { NotificationPreferences } from "@storyboard/core/auth/schema";
import { api } from "./api";
import { USER_QUERY_KEY } from "./query-keys";

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

export function useUser() {
  return useQuery(userQueryOptions());
}

export function hasRole(user: { roles?: string[] } | null | undefined, role: string): boolean {
  return !!user?.roles?.includes(role);
}
