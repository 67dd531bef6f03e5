/**
 * Review link tokens (docs/decisions.md#review-links): 256 random bits,
 * base64url (43 characters). The table finds a link by the token's SHA-256,
 * so the token is never a key; it is kept on the link item (not a key) so the
 * owner can copy the address again.
 */
import { createHash, randomBytes } from "node:crypto";

export const TOKEN_BYTES = 32;

export const newReviewToken = () => randomBytes(TOKEN_BYTES).toString("base64url");

export const hashReviewToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Anything else is not one of ours: refused before the table is asked. */
export const looksLikeReviewToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
