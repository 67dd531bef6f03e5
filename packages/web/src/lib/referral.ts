/** A referral code from `?ref=CODE`, kept until registration uses it (docs/product.md#accounts). */
export const REFERRAL_STORAGE_KEY = "referral";

export function storeReferral(code: string): void {
  const trimmed = code.trim();
  if (!trimmed) return;
  try {
    localStorage.setItem(REFERRAL_STORAGE_KEY, trimmed);
  } catch {
    // Storage can be unavailable (private mode); the referral is then lost, not the page.
  }
}

export function readReferral(): string | undefined {
  try {
    return localStorage.getItem(REFERRAL_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function clearReferral(): void {
  try {
    localStorage.removeItem(REFERRAL_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
