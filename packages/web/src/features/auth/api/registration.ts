import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RegisterFormInput, ResetPasswordFormInput } from "@storyboard/core/auth/schema";
import { toast } from "../../../components/ui/use-toast";
import { APP_NAME } from "../../../config/env";
import { api, ApiError, errorMessage } from "../../../lib/api";
import { clearReferral, readReferral } from "../../../lib/referral";
import { USER_QUERY_KEY, type User } from "../../../lib/user";

/** POST /api/auth/send-confirmation: e-mails a 6-digit code for registration. */
export function useSendConfirmationCode() {
  return useMutation({
    mutationFn: (email: string) => api.post("/api/auth/send-confirmation", { email }),
    onSuccess: () => {
      toast({ title: "Confirmation code sent", description: "Check your email for the confirmation code." });
    },
    onError: () => {
      toast({ variant: "destructive", title: "Error", description: "Failed to send confirmation code. Please try again." });
    },
  });
}

/** A rejected or expired code, as opposed to any other registration failure. */
export function isInvalidCodeError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code && /code/i.test(error.code)) return true;
  return /(confirmation code|invalid code|code (is )?(invalid|expired))/i.test(error.serverMessage ?? "");
}

const INVALID_CODE_TEXT = "The confirmation code is invalid or expired. Please try again.";
/** The server's reason when it gave one (e.g. too many attempts), else the spec's text. */
const invalidCodeText = (error: unknown) => (error instanceof ApiError && error.serverMessage) || INVALID_CODE_TEXT;

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, confirmationCode }: { form: RegisterFormInput; confirmationCode: string }) =>
      api.post<User>("/api/register", {
        ...form,
        fullName: form.fullName || undefined,
        confirmationCode,
        referralCode: readReferral(),
      }),
    onSuccess: (user) => {
      clearReferral();
      queryClient.setQueryData(USER_QUERY_KEY, user);
      const name = user.fullName?.trim();
      toast({
        title: "Registration successful",
        description: name ? `Welcome to ${APP_NAME}, ${name}!` : `Welcome to ${APP_NAME}!`,
      });
    },
    onError: (error) => {
      if (isInvalidCodeError(error)) {
        toast({ variant: "destructive", title: "Invalid code", description: invalidCodeText(error) });
      } else {
        toast({ variant: "destructive", title: "Registration failed", description: errorMessage(error) });
      }
    },
  });
}

/** POST /api/auth/send-password-reset: e-mails a reset code. */
export function useSendPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => api.post("/api/auth/send-password-reset", { email }),
    onSuccess: () => {
      toast({ title: "Confirmation code sent", description: "Check your email for the confirmation code." });
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Error",
        description: (error instanceof ApiError && error.serverMessage) || "Failed to send password reset code",
      });
    },
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, confirmationCode }: { form: ResetPasswordFormInput; confirmationCode: string }) =>
      api.post<User | null>("/api/auth/reset-password", {
        email: form.email,
        password: form.password,
        confirmationCode,
      }),
    onSuccess: async (user) => {
      // The reset opens a session; trust the answer when it is a user, else ask.
      if (user && typeof user === "object" && "id" in user) queryClient.setQueryData(USER_QUERY_KEY, user);
      else await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      toast({ title: "Password reset successful", description: "Your password has been updated and you are now logged in." });
    },
    onError: (error) => {
      if (isInvalidCodeError(error)) {
        toast({ variant: "destructive", title: "Invalid code", description: invalidCodeText(error) });
      } else {
        toast({
          variant: "destructive",
          title: "Error",
          description: (error instanceof ApiError && error.serverMessage) || "Failed to reset password",
        });
      }
    },
  });
}
