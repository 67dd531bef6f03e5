import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** An account a refund or card dispute flagged (docs/decisions.md#refunds-and-disputes). */
export interface FlaggedAccount {
  userId: string;
  email: string;
  username: string;
  points: number;
  pointsOwed: number;
  openDisputes: number;
}

export const useFlaggedAccounts = () =>
  useQuery({
    queryKey: ["admin", "flagged-accounts"],
    queryFn: () => api.get<{ accounts: FlaggedAccount[] }>("/api/admin/flagged-accounts"),
  });
