/**
 * Mutations that open or close a session. Toast texts are docs/product.md#errors.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoginInput } from "@storyboard/core/auth/schema";
import { envQueryOptions, type PublicEnv } from "../../../config/env";
import { toast } from "../../../components/ui/use-toast";
import { api, errorMessage } from "../../../lib/api";
import { hasIdentityProviderSession, loadIdentityProvider } from "./identity-provider";
import { USER_QUERY_KEY, type User } from "./user";

export function welcomeBackText(user: Pick<User, "fullName"> | null | undefined): string {
  const name = user?.fullName?.trim();
  return name ? `Welcome back, ${name}!` : "Welcome back!";
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<User>("/api/login", input),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title: "Login successful", description: welcomeBackText(user) });
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "Login failed", description: errorMessage(error) });
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/logout"),
    onSuccess: async () => {
      const env = queryClient.getQueryData<PublicEnv>(envQueryOptions().queryKey);
      // Drop every cached answer. The user entry is set to null rather than removed
      // so the screens observing it re-render as signed out at once.
      queryClient.setQueryData(USER_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
      queryClient.getMutationCache().clear();
      toast({ title: "Logged out", description: "You have been successfully logged out." });
      // A Google session also lives at the identity provider: end it there too;
      // Amplify then returns the browser to the site origin.
      if (env?.GOOGLE_AUTH && hasIdentityProviderSession()) {
        try {
          const provider = await loadIdentityProvider(env.GOOGLE_AUTH);
          await provider.auth.signOut();
        } catch (error) {
          console.warn("Identity provider sign-out failed", error);
        }
      }
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "Logout failed", description: errorMessage(error) });
    },
  });
}
