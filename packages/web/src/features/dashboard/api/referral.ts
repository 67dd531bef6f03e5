import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export const referralCodeQueryOptions = () =>
  queryOptions({
    queryKey: ["referral-code"],
    queryFn: () => api.get<{ referralCode: string }>("/api/user/referral-code"),
  });

export const useReferralCode = () => useQuery(referralCodeQueryOptions());

/** The link a friend opens: it lands on registration with the code stored. */
export function inviteLink(origin: string, code: string): string {
  return `${origin}/auth?ref=${encodeURIComponent(code)}#register`;
}
