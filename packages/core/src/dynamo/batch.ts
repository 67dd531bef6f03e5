/**
 * Batch writes that finish or fail loudly. DynamoDB's BatchWriteItem may
 * accept only part of a batch (throttling, size) and hands back the rest as
 * unprocessed; ElectroDB returns those instead of throwing, so a caller that
 * ignores them loses items silently.
 */

const BATCH_SIZE = 25;

interface BatchWriter<I> {
  (items: I[]): { go(options?: object): Promise<{ unprocessed: unknown[] }> };
}

export class UnprocessedItemsError extends Error {
  constructor(readonly unprocessed: unknown[]) {
    super(`${unprocessed.length} item(s) of a batch write were not written after retries.`);
    this.name = "UnprocessedItemsError";
  }
}

/**
 * Writes every item in batches of 25, retrying the unprocessed ones with
 * backoff. ElectroDB gives the unprocessed items back as keys, so the retry
 * resends the original items whose keys match (`keyOf`).
 */
export async function batchWriteAll<I>(write: BatchWriter<I>, items: I[], keyOf: (item: I) => string, attempts = 6): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH_SIZE) {
    let pending = items.slice(i, i + BATCH_SIZE);
    for (let n = 1; pending.length; n++) {
      const { unprocessed } = await write(pending).go();
      if (!unprocessed.length) break;
      if (n >= attempts) throw new UnprocessedItemsError(unprocessed);
      const left = new Set(unprocessed.map((key) => keyOf(key as I)));
      pending = pending.filter((item) => left.has(keyOf(item)));
      if (!pending.length) throw new UnprocessedItemsError(unprocessed);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** n));
    }
  }
}
