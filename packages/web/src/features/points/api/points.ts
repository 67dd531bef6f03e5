import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, withQuery } from "../../../lib/api";

export const LEDGER_PAGE_SIZE = 20;

export interface LedgerRecord {
  id: string;
  delta: number;
  reason: string;
  comment?: string | null;
  referenceId?: string | null;
  createdAt: string;
}

export interface LedgerPage {
  records: LedgerRecord[];
  pagination: { pages: number; total: number };
}

export const pointsBalanceQueryOptions = () =>
  queryOptions({
    queryKey: ["points", "balance"],
    queryFn: async () => {
      const data = await api.get<number | { balance: number }>("/api/points/balance");
      return typeof data === "number" ? data : data.balance;
    },
  });

export const ledgerQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ["points", "ledger", page],
    queryFn: () => api.get<LedgerPage>(withQuery("/api/points/ledger", { page, limit: LEDGER_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });

export const usePointsBalance = () => useQuery(pointsBalanceQueryOptions());
export const useLedger = (page: number) => useQuery(ledgerQueryOptions(page));

/** The spec's badges (docs/product.md#points), and readable ones for the other reasons we write. */
const REASON_LABELS: Record<string, string> = {
  purchase: "Points Purchase",
  render: "Video Render",
  subscription: "Subscription Credit",
  refund: "Refund",
  signup: "Welcome Bonus",
  referral: "Referral Bonus",
  image: "Image Generation",
  "re-render": "Video Re-render",
  dispute: "Dispute",
  other: "Other",
};

export const reasonLabel = (reason: string) => REASON_LABELS[reason] ?? reason;

/** First 8 characters and an ellipsis, or a dash when absent (docs/product.md#points Points). */
export const shortReference = (ref?: string | null) => (ref ? `${ref.slice(0, 8)}...` : "-");

/** At most 5 page numbers, centred on the current page where possible. */
export function pageWindow(page: number, pages: number, size = 5): number[] {
  const count = Math.min(size, pages);
  const start = Math.min(Math.max(1, page - Math.floor(count / 2)), pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}
