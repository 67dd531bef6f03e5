/**
 * The mutation that opens a session (closing one is `useLogout` in lib/logout.ts, which the layouts share). Toast texts are docs/product.md#errors.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoginInput } from "@storyboard/core/auth/schema";
import { toast } from "../../../components/ui/use-toast";
import { api, errorMessage } from "../../../lib/api";
import { USER_QUERY_KEY, type User } from "../../../lib/user";

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
