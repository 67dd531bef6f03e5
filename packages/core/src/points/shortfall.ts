/**
 * Points taken back by a refund or a card dispute (docs/decisions.md#refunds-and-disputes).
 * The balance never goes negative: what it cannot cover is recorded on the
 * user as `pointsOwed`, paying with points is refused until later credits
 * cover it, and each step writes a ledger item, so the ledger still sums to
 * the balance. Every write is conditioned on the values it was computed from
 * and retried when another change came first.
 */
import { type CanceledItem, failedItems } from "../dynamo/errors";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { ledgerEntryItem, owedMessage, type TransactionEntities } from "./points";

type TransactionItem = ReturnType<Parameters<typeof db.transaction.write>[0]>[number];
/** The caller's own items, written with the change (e.g. the payment's record); a failed one means the change was made before. */
type ExtraItems = (tx: TransactionEntities) => TransactionItem[];

export type TakeBackReason = "refund" | "dispute";
const ATTEMPTS = 8;

async function accountOf(userId: string) {
  const { data } = await db.entities.user.get({ userId }).go({ attributes: ["points", "pointsOwed"] });
  if (!data) throw AppError.notFound("User not found.");
  return { balance: data.points ?? 0, owed: data.pointsOwed ?? 0 };
}

/** Runs `write` against fresh values until no other change came between; false when `extra` says it was done before. */
async function conditioned(
  userId: string,
  write: (account: { balance: number; owed: number }) => Promise<{ canceled: boolean; data: readonly CanceledItem[] }>,
  extraFrom: number,
) {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const result = await write(await accountOf(userId));
    if (!result.canceled) return true;
    const failed = failedItems(result.data);
    if (failed.some((i) => i >= extraFrom)) return false;
  }
  throw new AppError("internal", "The points could not be updated. Please try again.");
}

interface PointsChange {
  userId: string;
  points: number;
  reason: TakeBackReason;
  referenceId: string;
  comment: string;
  extra: ExtraItems;
  /** Added to the user's `openDisputes` in the same update (one operation per item in a transaction). */
  openDisputes?: number;
}

/**
 * Writes the balance and what is owed as `next` computes them from the values read, with one ledger item for the
 * balance's change and the caller's own items; conditioned on the values read, retried when another change came first.
 */
function changeBalance(
  input: PointsChange,
  next: (account: { balance: number; owed: number }) => { points: number; owed: number; comment: string },
) {
  const { userId } = input;
  return conditioned(
    userId,
    ({ balance, owed }) => {
      const after = next({ balance, owed });
      return db.transaction
        .write((tx) => [
          tx.user
            .patch({ userId })
            .set({ points: after.points, pointsOwed: after.owed })
            .add({ openDisputes: input.openDisputes ?? 0 })
            .where(
              (a, { eq, notExists }) =>
                `${eq(a.points, balance)} AND ${owed > 0 ? eq(a.pointsOwed, owed) : `(${notExists(a.pointsOwed)} OR ${eq(a.pointsOwed, 0)})`}`,
            )
            .commit(),
          ledgerEntryItem(tx, {
            userId,
            delta: after.points - balance,
            reason: input.reason,
            referenceId: input.referenceId,
            comment: after.comment,
          }),
          ...input.extra(tx),
        ])
        .go();
    },
    2,
  );
}

/**
 * Takes `points` back: as many as the balance holds, the rest recorded as owed.
 * One ledger item (reason `refund` or `dispute`, the payment as reference).
 * False when `extra` failed: the take-back was already applied.
 */
export function takeBackPoints(input: PointsChange): Promise<boolean> {
  return changeBalance(input, ({ balance, owed }) => {
    const taken = Math.min(input.points, balance);
    const short = input.points - taken;
    const comment = short > 0 ? `${input.comment} (${short.toLocaleString("en-US")} points owed)` : input.comment;
    return { points: balance - taken, owed: owed + short, comment };
  });
}

/**
 * Gives `points` back (a dispute won): first to what is owed, the rest to the
 * balance. False when `extra` failed: already given back.
 */
export function restorePoints(input: PointsChange): Promise<boolean> {
  return changeBalance(input, ({ balance, owed }) => {
    const covered = Math.min(owed, input.points);
    const comment = covered > 0 ? `${input.comment} (${covered.toLocaleString("en-US")} of them cover points owed)` : input.comment;
    return { points: balance + input.points - covered, owed: owed - covered, comment };
  });
}

/** Moves points from the balance to what is owed, as far as the balance goes (after any credit). */
export async function settleShortfall(userId: string): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { balance, owed } = await accountOf(userId);
    if (owed <= 0 || balance <= 0) return;
    const paid = Math.min(owed, balance);
    const result = await db.transaction
      .write((tx) => [
        tx.user
          .patch({ userId })
          .set({ points: balance - paid, pointsOwed: owed - paid })
          .where((a, ops) => `${ops.eq(a.points, balance)} AND ${ops.eq(a.pointsOwed, owed)}`)
          .commit(),
        ledgerEntryItem(tx, {
          userId,
          delta: -paid,
          reason: "refund",
          comment: `Covers ${paid.toLocaleString("en-US")} points owed from a refunded or disputed payment`,
        }),
      ])
      .go();
    if (!result.canceled) return;
  }
  throw new AppError("internal", "The points could not be updated. Please try again.");
}

/**
 * Before paid work by points (renders, re-renders, on-demand images): covers
 * what is owed from the balance, then refuses with 402 while anything is
 * still owed. `debitItems` checks the same on the balance item, so a race
 * cannot slip past it.
 */
export async function assertNothingOwed(userId: string): Promise<void> {
  await settleShortfall(userId);
  const { owed } = await accountOf(userId);
  if (owed > 0) throw new AppError("payment_required", owedMessage(owed));
}
