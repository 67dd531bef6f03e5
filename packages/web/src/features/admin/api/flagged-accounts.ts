import { useQuery } from "@tanstack/react-query";
import type { FlaggedAccount } from "@storyboard/core/billing/types";
import { api } from "../../../lib/api";

export const useFlaggedAccounts = () =>
  useQuery({
    queryKey: ["admin", "flagged-accounts"],
    queryFn: () => api.get<{ accounts: FlaggedAccount[] }>("/api/admin/flagged-accounts"),
  });
