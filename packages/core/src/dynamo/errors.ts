/** True when a write failed because its condition (e.g. `attribute_not_exists`, a balance check) did not hold. */
export function isConditionFailed(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    if ((e as { name?: string }).name === "ConditionalCheckFailedException") return true;
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
