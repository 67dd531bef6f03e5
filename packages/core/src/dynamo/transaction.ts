import { AppError } from "../error";

interface TransactionResult {
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
