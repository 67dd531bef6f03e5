import { randomInt } from "node:crypto";

/** Longest base kept from the e-mail's local part (a suffix may follow). */
export const USERNAME_BASE_MAX = 20;

/**
 * The username an e-mail suggests: its local part (before any "+tag"),
 * lower-cased, limited to letters, digits, dots, dashes and underscores.
 */
export function usernameBase(email: string): string {
  const local = email.trim().toLowerCase().split("@")[0]?.split("+")[0] ?? "";
  const cleaned = local
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9._-]+/g, "")
    .replace(/^[._-]+|(?<![._-])[._-]+$/g, "")
    .slice(0, USERNAME_BASE_MAX)
    .replace(/(?<![._-])[._-]+$/, "");
  return cleaned || "user";
}

/**
 * The n-th candidate for a base: the base itself first, then the base with a
 * random numeric suffix that grows with the attempt so collisions get rarer.
 */
export function usernameCandidate(base: string, attempt: number, random: (max: number) => number = randomInt): string {
  if (attempt === 0) return base;
  const digits = Math.min(2 + attempt, 8);
  return `${base}${String(random(10 ** digits)).padStart(digits, "0")}`;
}
