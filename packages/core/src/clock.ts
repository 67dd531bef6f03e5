/**
 * The server's notion of "now", in epoch milliseconds. Code whose rules depend
 * on time (code expiry, lockouts, sessions) reads it here so tests can move
 * time forward with `setClock` (or `vi.useFakeTimers`, which this follows).
 */
let override: (() => number) | undefined;

export const now = (): number => (override ? override() : Date.now());

export const nowIso = (): string => new Date(now()).toISOString();

/** Replaces the clock (tests); `undefined` restores the system clock. */
export function setClock(clock: (() => number) | undefined): void {
  override = clock;
}
