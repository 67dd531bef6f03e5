/**
 * Signing out: shared by the header's avatar menu and the side navigation,
 * so it lives here rather than in the auth feature (docs/product.md#accounts).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../components/ui/use-toast";
import { envQueryOptions, type PublicEnv } from "../config/env";
import { api, errorMessage } from "./api";
import { hasIdentityProviderSession, loadIdentityProvider } from "./identity-provider";
import { USER_QUERY_KEY } from "./query-keys";

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
