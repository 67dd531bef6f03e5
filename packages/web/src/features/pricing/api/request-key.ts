import { useRef } from "react";
import { ApiError } from "../../../lib/api";

/**
 * One `Idempotency-Key` per thing the user means to do (docs/decisions.md#subscription-requests-keyed-by-the-client):
 * the same key for every retry of one intent, so a request whose answer was
 * lost (a timeout, a dropped connection, a gateway error) changes nothing
 * twice; a new key once the server has answered it, or for another intent.
 */
export function useRequestKey() {
  const held = useRef<{ intent: string; key: string } | null>(null);
  return {
    /** The key of `intent` (e.g. "change:storyboard_pro_monthly"), made on first use. */
    keyFor(intent: string): string {
      if (held.current?.intent !== intent) held.current = { intent, key: crypto.randomUUID() };
      return held.current.key;
    },
    /** After a request: its intent is over unless the answer never came or the server failed (then a retry must reuse it). */
    settle(error?: unknown) {
      const unanswered = error !== undefined && (!(error instanceof ApiError) || error.status >= 500);
      if (!unanswered) held.current = null;
    },
  };
}

export const idempotencyHeader = (key: string) => ({ headers: { "Idempotency-Key": key } });
