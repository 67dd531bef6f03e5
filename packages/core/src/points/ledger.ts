import { useUserId } from "../actor";
import { db } from "../dynamo/service";
import { balanceOf } from "./points";

export const LEDGER_PAGE_SIZE = 20;
export const LEDGER_MAX_PAGE_SIZE = 100;

export interface LedgerRecord {
  id: string;
  delta: number;
  reason: string;
  comment: string | null;
  referenceId: string | null;
  createdAt: string;
}

export interface LedgerPage {
  records: LedgerRecord[];
  pagination: { page: number; limit: number; pages: number; total: number };
}

/** The balance of the user asking. */
export const currentBalance = (): Promise<number> => balanceOf(useUserId());

/**
 * One page of the ledger of the user asking, newest first. The page count needs the total,
 * so the user's ledger is read whole (it grows by a handful of items per render
 * or purchase; a per-user counter can replace this if ledgers ever grow large).
 */
export async function listLedger(page = 1, limit = LEDGER_PAGE_SIZE): Promise<LedgerPage> {
  const userId = useUserId();
  const size = Math.min(Math.max(1, Math.floor(limit)), LEDGER_MAX_PAGE_SIZE);
  const current = Math.max(1, Math.floor(page));
  const { data } = await db.entities.pointsLedger.query.byUser({ userId }).go({ order: "desc", pages: "all" });
  const total = data.length;
  const records = data.slice((current - 1) * size, current * size).map((e) => ({
    id: e.entryId,
    delta: e.delta,
    reason: e.reason,
    comment: e.comment ?? null,
    referenceId: e.referenceId ?? null,
    createdAt: e.createdAt,
  }));
  return { records, pagination: { page: current, limit: size, pages: Math.ceil(total / size), total } };
}
