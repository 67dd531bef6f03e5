/**
 * Retries a provider call a few times with backoff inside one task, so a
 * flaky provider rarely costs a whole task attempt (the state machine
 * retries tasks on top of this). An error that says it cannot succeed on a
 * retry (`retryable: false`, e.g. a rejected API key) is thrown at once.
 */
export async function withRetries<T>(fn: () => Promise<T>, attempts = 3, baseDelayMs = 150): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return await fn();
    } catch (error) {
      lastError = error;
      if ((error as { retryable?: boolean })?.retryable === false) break;
      if (attempt < attempts - 1) await new Promise((r) => setTimeout(r, baseDelayMs * 2 ** attempt));
    }
  }
  throw lastError;
}
