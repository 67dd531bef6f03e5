/**
 * Balance changes whose resulting balance is known exactly, for the e-mails
 * that state it (docs/decisions.md#e-mails-state-the-balance-their-transaction-left).
 * DynamoDB's transactions answer nothing on success, so the balance is read
 * first and the user's item is conditioned on it: the balance after is the one
 * read plus the change, or the write is refused and tried again on a fresh
 * read. A credit also covers points owed from a refund or dispute in the same
 * write (docs/decisions.md#refunds-and-disputes), so nothing changes the
 * balance between the credit and its receipt.
 */
import { failedItems } from "../dynamo/errors";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { ledgerEntryItem, type PointsCredit, type PointsDebit, type TransactionEntities } from "./points";

type TransactionItem = ReturnType<Parameters<typeof db.transaction.write>[0]>[number];
const ATTEMPTS = 8;

export interface Account {
  balance: number;
  owed: number;
}

/** The balance and points owed as stored now (a strongly consistent read); null when the user is gone. */
export async function accountNow(userId: string): Promise<Account | null> {
  const { data } = await db.entities.user.get({ userId }).go({ attributes: ["points", "pointsOwed"], consistent: true });
  return data ? { balance: data.points ?? 0, owed: data.pointsOwed ?? 0 } : null;
}

/** A condition on the user's item that holds only while the balance is still `balance` (a transaction that leaves it as it is). */
export const balanceUnchangedItem = (tx: TransactionEntities, userId: string, balance: number) =>
  tx.user
    .check({ userId })
    .where((a, { eq }) => eq(a.points, balance))
    .commit();

/**
 * The items of a credit of `delta` ≥ 0 points pinned to `account`: the user's
 * update (index 0, refused if the balance or what is owed moved), the credit's
 * ledger item, a ledger item for points owed it covers, and the idempotency
 * claim last. Zero points: only a condition that the balance did not move.
 */
export function pinnedCreditItems(tx: TransactionEntities, account: Account, change: PointsCredit & { delta: number }) {
  const { userId, delta, idempotencyKey, ...entry } = change;
  const after = account.balance + delta;
  const covered = delta > 0 ? Math.min(account.owed, after) : 0;
  const items: TransactionItem[] = [
    delta > 0
      ? tx.user
          .patch({ userId })
          .set({ points: after - covered, pointsOwed: account.owed - covered })
          .where(
            (a, { eq, notExists }) =>
              `${eq(a.points, account.balance)} AND ${account.owed > 0 ? eq(a.pointsOwed, account.owed) : `(${notExists(a.pointsOwed)} OR ${eq(a.pointsOwed, 0)})`}`,
          )
          .commit()
      : balanceUnchangedItem(tx, userId, account.balance),
    ...(delta > 0 ? [ledgerEntryItem(tx, { userId, ...entry, delta })] : []),
    ...(covered > 0
      ? [
          ledgerEntryItem(tx, {
            userId,
            delta: -covered,
            reason: "refund",
            comment: `Covers ${covered.toLocaleString("en-US")} points owed from a refunded or disputed payment`,
          }),
        ]
      : []),
    ...(idempotencyKey ? [tx.unique.create({ kind: "idempotency", value: idempotencyKey, ownerId: userId }).commit()] : []),
  ];
  return { items, balance: after - covered, claimIndex: idempotencyKey ? items.length - 1 : -1 };
}

/**
 * A debit pinned to `account` (index 0 the user's update, refused if the
 * balance moved or points are owed; then its ledger item). The caller checked
 * that the balance covers it; the balance after is `account.balance - amount`.
 */
export function pinnedDebitItems(tx: TransactionEntities, account: Account, debit: PointsDebit) {
  const { amount, ...entry } = debit;
  return [
    tx.user
      .patch({ userId: debit.userId })
      .set({ points: account.balance - amount })
      .where((a, { eq, lte, notExists }) => `${eq(a.points, account.balance)} AND (${notExists(a.pointsOwed)} OR ${lte(a.pointsOwed, 0)})`)
      .commit(),
    ledgerEntryItem(tx, { ...entry, delta: -amount }),
  ];
}

/**
 * The user's update alone for a change of `delta` pinned to `account` (refused if the
 * balance or what is owed moved), for a transaction that writes its own ledger items:
 * a card purchase's credit and its render's debit as one net change.
 */
export const pinnedBalanceItem = (tx: TransactionEntities, userId: string, account: Account, delta: number) =>
  tx.user
    .patch({ userId })
    .set({ points: account.balance + delta })
    .where(
      (a, { eq, lte, notExists }) =>
        `${eq(a.points, account.balance)} AND ${account.owed > 0 ? eq(a.pointsOwed, account.owed) : `(${notExists(a.pointsOwed)} OR ${lte(a.pointsOwed, 0)})`}`,
    )
    .commit();

export type KnownCredit = { outcome: "credited"; balance: number } | { outcome: "duplicate" } | { outcome: "noUser" };

/**
 * Credits `change.delta` (≥ 0) with the caller's own items (`extra`, e.g. the
 * payment's record) in one transaction and answers the balance it left.
 * "duplicate" when the idempotency claim or one of `extra` was refused (done
 * before); "noUser" when the account is gone.
 */
export async function creditKnowingBalance(
  change: PointsCredit & { delta: number },
  extra: (tx: TransactionEntities) => TransactionItem[] = () => [],
): Promise<KnownCredit> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const account = await accountNow(change.userId);
    if (!account) return { outcome: "noUser" };
    let pinned: ReturnType<typeof pinnedCreditItems> | undefined;
    const result = await db.transaction
      .write((tx) => {
        pinned = pinnedCreditItems(tx, account, change);
        return [...pinned.items, ...extra(tx)];
      })
      .go();
    if (!result.canceled) return { outcome: "credited", balance: pinned!.balance };
    const failed = failedItems(result.data);
    if (failed.some((i) => i > 0 && (i === pinned!.claimIndex || i >= pinned!.items.length))) return { outcome: "duplicate" };
    // Otherwise the balance moved (or a conflicting transaction ran): read again.
  }
  throw new AppError("internal", "The points could not be updated. Please try again.");
}
