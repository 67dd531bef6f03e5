/**
 * Review links (docs/product.md#review-links): the shapes the API answers and
 * the inputs it takes. Browser-safe: zod and plain-text only.
 */
import { z } from "zod";
import { multiLine, singleLine } from "../plain-text";

export const REVIEW_LIMITS = { name: 60, text: 2000, note: 2000, expiresInDays: 90 } as const;

export const REVIEW_MESSAGES = {
  inactive: "This review link is no longer active.",
  notFinished: "Only a finished render can be shared for review.",
  linkNotFound: "Review link not found.",
  commentNotFound: "Comment not found.",
  nameRequired: "Please enter your name.",
  nameMax: `Your name must be ${REVIEW_LIMITS.name} characters or fewer.`,
  linkNameRequired: "Please name the link, for example 'For Dana'.",
  linkNameMax: `The link's name must be ${REVIEW_LIMITS.name} characters or fewer.`,
  textRequired: "Please write a comment.",
  textMax: `A comment must be ${REVIEW_LIMITS.text.toLocaleString("en-US")} characters or fewer.`,
  noteMax: `The note must be ${REVIEW_LIMITS.note.toLocaleString("en-US")} characters or fewer.`,
  tooManyFromAddress: "Too many comments from this address. Please wait a minute and try again.",
  tooManyOnLink: "This review link has had too many comments in the last hour. Please try again later.",
} as const;

const M = REVIEW_MESSAGES;

/** A name: one line, controls stripped, 1–60 characters. */
const personName = (required: string, max: string) =>
  z.string({ error: required }).overwrite(singleLine).trim().min(1, { error: required }).max(REVIEW_LIMITS.name, { error: max });

/** A comment: newlines kept, other controls stripped, 1–2,000 characters. */
const commentText = z
  .string({ error: M.textRequired })
  .overwrite(multiLine)
  .trim()
  .min(1, { error: M.textRequired })
  .max(REVIEW_LIMITS.text, { error: M.textMax });

export const createLinkSchema = z.object({
  name: personName(M.linkNameRequired, M.linkNameMax),
  allowDownload: z.boolean({ error: "allowDownload must be true or false." }).default(false),
  expiresInDays: z
    .number({ error: "Choose an expiry between 1 and 90 days, or none." })
    .int({ error: "Choose an expiry between 1 and 90 days, or none." })
    .min(1, { error: "Choose an expiry between 1 and 90 days, or none." })
    .max(REVIEW_LIMITS.expiresInDays, { error: "Choose an expiry between 1 and 90 days, or none." })
    .nullable()
    .default(null),
});
export type CreateLinkInput = z.infer<typeof createLinkSchema>;

export const reviewerCommentSchema = z.object({
  blockId: z.string().trim().min(1).max(40).optional(),
  atMs: z.number({ error: "atMs must be a time in milliseconds." }).int().min(0).max(24 * 3600 * 1000).optional(),
  name: personName(M.nameRequired, M.nameMax),
  text: commentText,
  parentId: z.string().trim().min(1).max(64).optional(),
});
export type ReviewerCommentInput = z.infer<typeof reviewerCommentSchema>;

export const DECISIONS = ["approved", "changes_requested"] as const;
export type DecisionKind = (typeof DECISIONS)[number];

export const decisionSchema = z.object({
  decision: z.enum(DECISIONS, { error: "Choose 'approved' or 'changes_requested'." }),
  name: personName(M.nameRequired, M.nameMax),
  note: z
    .string()
    .overwrite(multiLine)
    .trim()
    .max(REVIEW_LIMITS.note, { error: M.noteMax })
    .optional(),
});
export type DecisionInput = z.infer<typeof decisionSchema>;

export const ownerReplySchema = z.object({
  parentId: z.string({ error: "Choose the comment to reply to." }).trim().min(1, { error: "Choose the comment to reply to." }).max(64),
  text: commentText,
});
export type OwnerReplyInput = z.infer<typeof ownerReplySchema>;

export const resolveSchema = z.object({ resolved: z.boolean({ error: "resolved must be true or false." }).default(true) });

export type LinkStatus = "active" | "revoked" | "expired";

export interface Decision {
  decision: DecisionKind;
  name: string;
  note: string | null;
  at: string;
}

export interface ReviewLink {
  linkId: string;
  name: string;
  /** The web path '/review#{token}': the owner's only way back to it. */
  url: string;
  allowDownload: boolean;
  expiresAt: string | null;
  createdAt: string;
  revokedAt: string | null;
  status: LinkStatus;
  /** Threads (first comments) on the link, and those not resolved. */
  commentCount: number;
  openCommentCount: number;
  decision: Decision | null;
}

export interface ReviewComment {
  commentId: string;
  parentId: string | null;
  blockId: string | null;
  atMs: number | null;
  name: string;
  text: string;
  author: "reviewer" | "owner";
  createdAt: string;
  resolved: boolean;
  /** The block's content changed in a newer render than the one commented on. */
  outdated: boolean;
  linkId: string;
  linkName?: string;
}

export interface ReviewFrame {
  blockId: string;
  index: number;
  sceneNumber: number | null;
  label: string;
  startMs: number;
  durationMs: number;
  imageUrl: string;
  text: string;
}

/** A frame of the owner's render and its name ('Scene 1 Shot 1B'), as the reviewer's page names it. */
export interface OwnerFrameLabel {
  blockId: string;
  label: string;
}

export interface ReviewView {
  linkName: string;
  title: string;
  allowDownload: boolean;
  expiresAt: string | null;
  aspect: string;
  durationMs: number;
  videoUrl: string;
  posterUrl: string | null;
  downloadUrl: string | null;
  frames: ReviewFrame[];
  comments: ReviewComment[];
  decision: Decision | null;
}

/** What the render list shows: 'Approved by Dana' / 'Changes requested'. */
export interface RenderReviewSummary {
  decision: DecisionKind;
  name: string;
}

/**
 * The reviewer's page. The token rides in the fragment, which browsers never send: not in the page's
 * request, nor in the Referer of anything it loads, so no access log holds it (docs/decisions.md#review-links).
 */
export const reviewPagePath = (token: string) => `/review#${token}`;

/** The header the reviewer's API calls carry the token in (never the path, for the same reason). */
export const REVIEW_TOKEN_HEADER = "x-review-token";
