import { validate } from "../error";
import { createLinkSchema, decisionSchema, REVIEW_MESSAGES, reviewerCommentSchema } from "./schema";
import { hashReviewToken, looksLikeReviewToken, newReviewToken } from "./token";

const message = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as Error).message;
  }
  return "no error";
};

describe("review inputs", () => {
  it("strips control characters, keeps newlines in comments and makes names one line", () => {
    const parsed = validate(reviewerCommentSchema, { name: " Da\u0007na\u202E\n ", text: "Line one\r\nLine\u0000 two\u001b" });
    expect(parsed).toMatchObject({ name: "Dana", text: "Line one\nLine two" });
  });

  it("holds names to 1–60 and comments to 1–2,000 characters", () => {
    expect(message(() => validate(reviewerCommentSchema, { name: "\u0001", text: "x" }))).toBe(REVIEW_MESSAGES.nameRequired);
    expect(message(() => validate(reviewerCommentSchema, { name: "n".repeat(61), text: "x" }))).toBe(REVIEW_MESSAGES.nameMax);
    expect(validate(reviewerCommentSchema, { name: "n".repeat(60), text: "x".repeat(2000) }).text).toHaveLength(2000);
    expect(message(() => validate(reviewerCommentSchema, { name: "Dana", text: "x".repeat(2001) }))).toBe(REVIEW_MESSAGES.textMax);
    expect(message(() => validate(reviewerCommentSchema, { name: "Dana", text: "  \n " }))).toBe(REVIEW_MESSAGES.textRequired);
    expect(message(() => validate(decisionSchema, { decision: "maybe", name: "Dana" }))).toBe("Choose 'approved' or 'changes_requested'.");
    expect(message(() => validate(decisionSchema, { decision: "approved", name: "Dana", note: "x".repeat(2001) }))).toBe(REVIEW_MESSAGES.noteMax);
  });

  it("defaults a link to no download and no expiry, and takes 1–90 days", () => {
    expect(validate(createLinkSchema, { name: "For Dana" })).toEqual({ name: "For Dana", allowDownload: false, expiresInDays: null });
    expect(validate(createLinkSchema, { name: "For Dana", expiresInDays: 90 }).expiresInDays).toBe(90);
    expect(message(() => validate(createLinkSchema, { name: "For Dana", expiresInDays: 91 }))).toMatch(/between 1 and 90/);
    expect(message(() => validate(createLinkSchema, { name: "" }))).toBe(REVIEW_MESSAGES.linkNameRequired);
  });
});

describe("review tokens", () => {
  it("are 256 random bits in base64url, looked up by a hash that is not the token", () => {
    const tokens = new Set(Array.from({ length: 200 }, newReviewToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(looksLikeReviewToken(token)).toBe(true);
    const [token] = tokens;
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(hashReviewToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashReviewToken(token)).not.toContain(token);
    expect(looksLikeReviewToken("short")).toBe(false);
    expect(looksLikeReviewToken(`${token.slice(0, 42)}/`)).toBe(false);
  });
});
