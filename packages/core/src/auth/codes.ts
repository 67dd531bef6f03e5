import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { now } from "../clock";
import { db } from "../dynamo/service";
import { isConditionFailed } from "../dynamo/errors";
import { AppError } from "../error";
import { sendMail } from "../notification/mailer";
import { confirmationCodeMail } from "../notification/templates";
import { CONFIRMATION_CODE_TTL_MINUTES } from "./schema";

/** Decision 3: codes are ours. These numbers are recorded in docs/decisions-accounts.md. */
export const CODE_TTL_MS = CONFIRMATION_CODE_TTL_MINUTES * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_SENDS_PER_WINDOW = 5;
export const SEND_WINDOW_MS = 15 * 60_000;

export type CodePurpose = "register" | "resetPassword" | "changeEmail";

export const INVALID_CODE_MESSAGE = "The confirmation code is invalid or expired. Please try again.";
export const CODE_EXHAUSTED_MESSAGE = "Too many incorrect attempts for this confirmation code. Request a new code.";
/** Stored in place of the hash once a code is used, so it can never match again. */
const USED = "used";

export const generateCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, "0");

/** SHA-256 of the code salted with its purpose and e-mail; the code itself is never stored. */
export const hashCode = (email: string, purpose: CodePurpose, code: string, boundTo = ""): string =>
  createHash("sha256")
    .update(boundTo ? `${purpose}:${boundTo}:${email}:${code}` : `${purpose}:${email}:${code}`)
    .digest("hex");

export interface StoredCode {
  codeHash: string;
  attempts?: number;
  validUntil: number;
  sendCount?: number;
  windowStartedAt: number;
}

/** Whether another code may be sent now, and the send window it would count in. */
export function nextSendWindow(
  existing: Pick<StoredCode, "sendCount" | "windowStartedAt"> | undefined | null,
  at: number,
): { sendCount: number; windowStartedAt: number } | { retryAfterMs: number } {
  if (!existing || at - existing.windowStartedAt >= SEND_WINDOW_MS) return { sendCount: 1, windowStartedAt: at };
  const count = existing.sendCount ?? 1;
  if (count >= MAX_SENDS_PER_WINDOW) return { retryAfterMs: existing.windowStartedAt + SEND_WINDOW_MS - at };
  return { sendCount: count + 1, windowStartedAt: existing.windowStartedAt };
}

/** Why a stored code cannot be tried now, or null if it can. */
export function codeRejection(item: StoredCode | undefined | null, at: number): "missing" | "used" | "expired" | "exhausted" | null {
  if (!item) return "missing";
  if (item.codeHash === USED) return "used";
  if ((item.attempts ?? 0) >= MAX_CODE_ATTEMPTS) return "exhausted";
  if (at >= item.validUntil) return "expired";
  return null;
}

export const codeMatches = (
  item: Pick<StoredCode, "codeHash">,
  email: string,
  purpose: CodePurpose,
  code: string,
  boundTo = "",
): boolean => {
  const expected = Buffer.from(item.codeHash, "utf8");
  const given = Buffer.from(hashCode(email, purpose, code, boundTo), "utf8");
  return expected.length === given.length && timingSafeEqual(expected, given);
};

const minutesUntil = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/**
 * Stores a fresh code for the e-mail (replacing any earlier one) and, when
 * `deliver` is true, e-mails it. With `deliver` false (a reset for an unknown
 * e-mail) the rate limit is counted the same, so answers never differ.
 */
export async function issueCode(email: string, purpose: CodePurpose, options: { deliver: boolean; boundTo?: string }): Promise<void> {
  const key = { email, purpose };
  for (let attempt = 0; attempt < 3; attempt++) {
    const at = now();
    const { data: existing } = await db.entities.confirmationCode.get(key).go();
    const window = nextSendWindow(existing, at);
    if ("retryAfterMs" in window) {
      throw new AppError("too_many_requests", `Too many codes requested. Try again in ${minutesUntil(window.retryAfterMs)} minutes.`);
    }
    const code = generateCode();
    const validUntil = at + CODE_TTL_MS;
    const item = {
      ...key,
      codeHash: hashCode(email, purpose, code, options.boundTo),
      attempts: 0,
      validUntil,
      ...window,
      expiresAt: Math.ceil(Math.max(validUntil, window.windowStartedAt + SEND_WINDOW_MS) / 1000) + 3600,
    };
    try {
      // Conditional on the item read above, so concurrent sends cannot exceed the limit.
      if (existing) {
        await db.entities.confirmationCode
          .put(item)
          .where((a, { eq }) => `${eq(a.windowStartedAt, existing.windowStartedAt)} AND ${eq(a.sendCount, existing.sendCount ?? 1)}`)
          .go();
      } else {
        await db.entities.confirmationCode.create(item).go();
      }
    } catch (error) {
      if (isConditionFailed(error)) continue;
      throw error;
    }
    if (options.deliver) {
      await sendMail({ to: email, ...confirmationCodeMail({ code, purpose, validMinutes: CONFIRMATION_CODE_TTL_MINUTES }) });
    }
    return;
  }
  throw new AppError("too_many_requests", "Too many codes requested at once. Try again in a minute.");
}

/**
 * Checks a code and, if it matches, uses it up. Every try counts, right or
 * wrong: after MAX_CODE_ATTEMPTS tries even the right code fails. Throws a 400
 * with the spec's invalid-code message otherwise.
 */
export async function consumeCode(email: string, purpose: CodePurpose, code: string, boundTo?: string): Promise<void> {
  const key = { email, purpose };
  const { data: item } = await db.entities.confirmationCode.get(key).go();
  const rejection = codeRejection(item, now());
  if (rejection === "exhausted") throw AppError.badRequest(CODE_EXHAUSTED_MESSAGE);
  if (rejection || !item) throw AppError.badRequest(INVALID_CODE_MESSAGE);
  try {
    // Count this try; the condition makes the count exact under concurrent tries.
    await db.entities.confirmationCode
      .patch(key)
      .add({ attempts: 1 })
      .where(
        (a, { eq, lt, gt }) => `${lt(a.attempts, MAX_CODE_ATTEMPTS)} AND ${eq(a.codeHash, item.codeHash)} AND ${gt(a.validUntil, now())}`,
      )
      .go();
  } catch (error) {
    if (isConditionFailed(error)) throw AppError.badRequest(INVALID_CODE_MESSAGE);
    throw error;
  }
  if (!codeMatches(item, email, purpose, code, boundTo)) throw AppError.badRequest(INVALID_CODE_MESSAGE);
  try {
    await db.entities.confirmationCode
      .patch(key)
      .set({ codeHash: USED, validUntil: 0 })
      .where((a, { eq }) => eq(a.codeHash, item.codeHash))
      .go();
  } catch (error) {
    // Someone used it a moment ago.
    if (isConditionFailed(error)) throw AppError.badRequest(INVALID_CODE_MESSAGE);
    throw error;
  }
}
