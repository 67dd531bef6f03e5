/**
 * Retries a call a few times with backoff inside one task, so a flaky store
 * rarely costs a whole task attempt. A provider call is not retried here: its
 * client already spent the block's one retry budget (provider/cloud/http.ts,
 * docs/decisions.md#provider-errors), and multiplying layers made one block
 * cost dozens of attempts. Nor is an error that says it cannot succeed on a
 * retry (`retryable: false`), or an AppError (a decision, not a fault).
 */
export async function withRetries<T>(fn: () => Promise<T>, attempts = 3, baseDelayMs = 150): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return await fn();
    } catch (error) {
      lastError = error;
      if (!mayRetry(error)) break;
      if (attempt < attempts - 1) await new Promise((r) => setTimeout(r, baseDelayMs * 2 ** attempt));
    }
  }
  throw lastError;
}

function mayRetry(error: unknown): boolean {
  const { name, retryable } = (error ?? {}) as { name?: string; retryable?: boolean };
  return retryable !== false && name !== "ProviderError" && name !== "AppError";
}
