/** True when a write failed because its condition (e.g. `attribute_not_exists`, a balance check) did not hold. */
export function isConditionFailed(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    if ((e as { name?: string }).name === "ConditionalCheckFailedException") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Failures of the storage itself rather than of the request: DynamoDB's and S3's server errors on AWS, and what
 * the local stand-ins answer when their disk is full (DynamoDB Local's `InternalFailure`). A transaction is all or
 * nothing either way (docs/decisions.md#writes-a-full-disk-refuses).
 */
const STORAGE_FAILURES = new Set([
  "InternalFailure",
  "InternalServerError",
  "InternalError",
  "ServiceUnavailable",
  "ServiceUnavailableException",
]);

/** True when the storage refused a read or write (a full disk, a server error), so trying again later may work. */
export function isStorageFailure(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    if (STORAGE_FAILURES.has((e as { name?: string }).name ?? "")) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The cancellation reasons ElectroDB reports for a canceled transaction, one per item. */
export interface CanceledItem {
  rejected: boolean;
  code: string;
}

export const failedItems = (data: readonly CanceledItem[]): number[] =>
  data.flatMap((item, index) => (item.rejected && item.code === "ConditionalCheckFailed" ? [index] : []));
