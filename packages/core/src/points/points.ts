/**
 * Points (Decision 4): the balance lives on the user item, every change also
 * writes a ledger item, in one transaction. Renders and billing build their
 * own transactions from `creditItems` / `debitItems` plus their own items.
 */
import { monotonicFactory } from "ulid";
import { nowIso } from "../clock";
import { failedItems } from "../dynamo/errors";
import { commitWithRetry } from "../dynamo/transaction";
import type { LEDGER_REASONS } from "../dynamo/entities/points-ledger";
import { db } from "../dynamo/service";
import { AppError } from "../error";

/** docs/product.md#points: the sign-up grant and the referral reward. */
export const WELCOME_POINTS = 500;
export const REFERRAL_POINTS = 500;

export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** The entity set a `db.transaction.write` callback receives. */
export type TransactionEntities = Parameters<Parameters<typeof db.transaction.write>[0]>[0];

interface LedgerFields {
  userId: string;
  reason: LedgerReason;
  referenceId?: string;
  comment?: string;
}

/** A credit: `delta` points (positive) are added. */
export interface PointsCredit extends LedgerFields {
  delta: number;
  /** e.g. `stripe:<eventId>`, `referral:<userId>`: the credit applies once per key. */
  idempotencyKey?: string;
}

/** A debit: `amount` points (positive, the cost) are taken away. */
export interface PointsDebit extends LedgerFields {
  amount: number;
}

const nextEntryId = monotonicFactory();

function assertAmount(amount: number) {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new AppError("internal", `A points change must be a positive whole number, got ${amount}.`);
}

/** A ledger item for a signed change (a new account's grant uses this with the user's create). */
export function ledgerEntryItem(
  tx: TransactionEntities,
  entry: { userId: string; delta: number; reason: LedgerReason; referenceId?: string; comment?: string },
) {
  return tx.pointsLedger.create({ ...entry, entryId: nextEntryId(), createdAt: nowIso() }).commit();
}

/**
 * Items that add points: the balance update (fails if the user is gone), the
 * ledger item, and with an `idempotencyKey` a claim that fails if the same
 * credit was already applied (Stripe events, referrals).
 */
export function creditItems(tx: TransactionEntities, change: PointsCredit) {
  assertAmount(change.delta);
  const { idempotencyKey, ...entry } = change;
  return [
    tx.user.patch({ userId: change.userId }).add({ points: change.delta }).commit(),
    ledgerEntryItem(tx, entry),
    ...(idempotencyKey ? [tx.unique.create({ kind: "idempotency", value: idempotencyKey, ownerId: change.userId }).commit()] : []),
  ];
}

/**
 * Items that take points away: a conditional balance update (balance ≥ amount
 * and nothing owed from a refund or dispute, docs/decisions.md#refunds-and-disputes;
 * always the FIRST item, so a canceled transaction with index 0 rejected
 * means "not enough points") and the ledger item. Callers check
 * `assertNothingOwed` first, so what is owed gets its own message.
 */
/**
 * The balance a debit item (debitItems, first item) read when its condition refused it, from a canceled
 * transaction's result; undefined when that item was not the one refused.
 */
export function refusedDebitBalance(result: { canceled: boolean; data: { code?: string; item?: unknown }[] }, index = 0): number | undefined {
  if (!result.canceled || result.data[index]?.code !== "ConditionalCheckFailed") return undefined;
  const points = (result.data[index].item as { points?: unknown } | null | undefined)?.points;
  return typeof points === "number" ? points : undefined;
}

/** The condition of every debit: the balance covers it and nothing is owed (docs/decisions.md#refunds-and-disputes). */
const coversDebit =
  (amount: number) =>
  (a: { points: unknown; pointsOwed: unknown }, { gte, lte, notExists }: Record<"gte" | "lte" | "notExists", (...args: any[]) => string>) =>
    `${gte(a.points, amount)} AND (${notExists(a.pointsOwed)} OR ${lte(a.pointsOwed, 0)})`;

export function debitItems(tx: TransactionEntities, change: PointsDebit) {
  assertAmount(change.amount);
  const { amount, ...entry } = change;
  return [
    tx.user
      .patch({ userId: change.userId })
      .subtract({ points: amount })
      .where(coversDebit(amount))
      // A refused debit hands back the balance it read, so a 402 names that one (debitRefusal).
      .commit({ response: "all_old" }),
    ledgerEntryItem(tx, { ...entry, delta: -amount }),
  ];
}

export const NOT_ENOUGH_POINTS = "You don't have enough points for this.";

/** Why paying with points is refused while a refund or dispute left points owed (docs/decisions.md#refunds-and-disputes). */
export const owedMessage = (owed: number) =>
  `Your account owes ${owed.toLocaleString("en-US")} points from a refunded or disputed payment. ` +
  "Buy points to cover them before paying with points.";

/** Adds points once per idempotency key; `credited` is false when the key was already used. */
export async function creditPoints(change: PointsCredit): Promise<{ credited: boolean }> {
  const result = await commitWithRetry(() => db.transaction.write((tx) => creditItems(tx, change)).go());
  if (!result.canceled) return { credited: true };
  const failed = failedItems(result.data);
  if (change.idempotencyKey && failed.includes(2)) return { credited: false };
  if (failed.includes(0)) throw AppError.notFound("User not found.");
  throw new AppError("internal", "The points credit could not be saved.");
}

/** Takes points away, or a 402 if the balance is too low. */
export async function debitPoints(change: PointsDebit): Promise<void> {
  const result = await commitWithRetry(() => db.transaction.write((tx) => debitItems(tx, change)).go());
  if (!result.canceled) return;
  if (failedItems(result.data).includes(0)) {
    const { data } = await db.entities.user.get({ userId: change.userId }).go({ attributes: ["pointsOwed"] });
    throw new AppError("payment_required", (data?.pointsOwed ?? 0) > 0 ? owedMessage(data!.pointsOwed!) : NOT_ENOUGH_POINTS);
  }
  throw new AppError("internal", "The points debit could not be saved.");
}

export async function balanceOf(userId: string): Promise<number> {
  const { data } = await db.entities.user.get({ userId }).go({ attributes: ["points"] });
  if (!data) throw AppError.notFound("User not found.");
  return data.points ?? 0;
}
