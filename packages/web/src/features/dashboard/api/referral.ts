import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { useIsSignedIn } from "../../../lib/user";

export const referralCodeQueryOptions = () =>
  queryOptions({
    queryKey: ["referral-code"],
    queryFn: () => api.get<{ referralCode: string }>("/api/user/referral-code"),
  });

/** Waits for the session: the dashboard renders while it loads (app/guards.tsx). */
export const useReferralCode = () => useQuery({ ...referralCodeQueryOptions(), enabled: useIsSignedIn() });

/** The link a friend opens: it lands on registration with the code stored. */
export function inviteLink(origin: string, code: string): string {
  return `${origin}/auth?ref=${encodeURIComponent(code)}#register`;
}
