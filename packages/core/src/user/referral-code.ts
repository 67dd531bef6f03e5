import { randomInt } from "node:crypto";

/** Letters and digits that cannot be misread for each other (no 0/O, 1/I/L). */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERRAL_CODE_LENGTH = 8;

export function generateReferralCode(random: (max: number) => number = randomInt): string {
  let code = "";
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) code += ALPHABET[random(ALPHABET.length)];
  return code;
}

/** Codes arrive from links and local storage: compare them trimmed and upper-cased. */
export const normalizeReferralCode = (code: string | undefined | null): string | undefined => {
  const trimmed = code?.trim().toUpperCase();
  return trimmed ? trimmed : undefined;
};
