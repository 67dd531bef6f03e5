import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AccountSettingsInput, NotificationPreferences } from "@storyboard/core/auth/schema";
import { toast } from "../../../components/ui/use-toast";
import { api, errorMessage } from "../../../lib/api";
import { USER_QUERY_KEY } from "../../../lib/query-keys";

export interface UserSettings {
  email: string;
  fullName?: string | null;
  timezone: string;
  notificationPreferences: NotificationPreferences;
}

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: ["user-settings"],
    queryFn: () => api.get<UserSettings>("/api/user/settings"),
  });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

function useSettingsMutation<T>(failureTitle: string, success: { title: string; description: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => api.put("/api/user/settings", body),
    onSuccess: async () => {
      toast(success);
      // The user object carries the same fields (name, e-mail, timezone, preferences).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
      ]);
    },
    onError: (error) => {
      toast({ variant: "destructive", title: failureTitle, description: errorMessage(error) });
    },
  });
}

export const useUpdateAccount = () =>
  useSettingsMutation<AccountSettingsInput>("Failed to update account", {
    title: "Account updated",
    description: "Your account details have been saved.",
  });

export const useUpdatePassword = () =>
  useSettingsMutation<{ currentPassword: string; newPassword: string }>("Failed to update password", {
    title: "Password updated",
    description: "Use your new password the next time you sign in.",
  });

export const useUpdateNotifications = () =>
  useSettingsMutation<{ notificationPreferences: NotificationPreferences }>("Failed to update notification preferences", {
    title: "Notification preferences saved",
    description: "We'll only e-mail you about what you've switched on.",
  });

/** POST /api/user/email-change/code: the current password, then a code goes to the new address. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: { email: string; currentPassword: string }) =>
      api.post<{ message: string; email: string }>("/api/user/email-change/code", body),
  });
}

/** POST /api/user/email-change: the code from the new inbox moves the sign-in e-mail; other sessions end. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; confirmationCode: string }) =>
      api.post<{ message: string; email: string }>("/api/user/email-change", body),
    onSuccess: async ({ email }) => {
      toast({ title: "E-mail changed", description: `Sign in with ${email} from now on. Your other sessions were signed out.` });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
      ]);
    },
  });
}
