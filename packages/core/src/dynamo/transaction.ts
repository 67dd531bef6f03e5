import { AppError } from "../error";

export interface TransactionResult {
  canceled: boolean;
  data: { rejected?: boolean; code?: string }[];
}

/**
 * ElectroDB answers a canceled transaction with `canceled: true` instead of
 * throwing. This turns a failed condition at `index` into the given error,
 * and any other cancellation into a retryable 409.
 */
export function assertCommitted(result: TransactionResult, onConditionFailed: Record<number, AppError>): void {
  if (!result.canceled) return;
  result.data.forEach((item, index) => {
    if (item.rejected && item.code === "ConditionalCheckFailed" && onConditionFailed[index]) throw onConditionFailed[index];
  });
  throw AppError.conflict("Someone else changed this at the same moment. Please try again.");
}

/** Canceled only because another transaction held one of the items: nothing was decided, so try again. */
export function isTransientCancel(result: TransactionResult): boolean {
  if (!result.canceled) return false;
  const codes = result.data.map((item) => item.code).filter((code) => code && code !== "None");
  return (
    codes.length > 0 &&
    codes.every((code) => code === "TransactionConflict" || code === "ThrottlingError" || code === "ProvisionedThroughputExceeded")
  );
}

const TRANSIENT_ERRORS = new Set([
  "TransactionConflictException",
  "TransactionInProgressException",
  "ThrottlingException",
  "ProvisionedThroughputExceededException",
  "InternalServerError",
]);

function isTransientError(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    if (TRANSIENT_ERRORS.has((e as { name?: string }).name ?? "")) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs a transaction, again while it is canceled only by a conflict with a
 * concurrent transaction (or throttled), with jittered backoff. A condition
 * that failed is an answer, not a conflict, and is returned at once; after the
 * last attempt the transient cancel is returned too, so callers still check it.
 * `attempt` builds the transaction afresh each time (new ledger ids).
 */
export async function commitWithRetry<T extends TransactionResult>(attempt: () => Promise<T>, attempts = 6): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      const result = await attempt();
      if (n >= attempts || !isTransientCancel(result)) return result;
    } catch (error) {
      if (n >= attempts || !isTransientError(error)) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** n));
  }
}
