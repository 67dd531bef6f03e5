/**
 * The review-link API's answers (issue 28), as core declares them: `core/review/schema.ts` is
 * browser-safe (zod and plain text only), so the web takes its shapes and limits from there, once.
 */
import {
  type Decision,
  type DecisionInput,
  type OwnerFrameLabel,
  REVIEW_MESSAGES,
  type ReviewComment,
  type ReviewerCommentInput,
} from "@storyboard/core/review/schema";

export {
  REVIEW_LIMITS,
  REVIEW_TOKEN_HEADER,
  type Decision,
  type DecisionKind,
  type LinkStatus as ReviewLinkStatus,
  type OwnerFrameLabel as OwnerFrame,
  type ReviewComment,
  type ReviewFrame,
  type ReviewLink,
  type ReviewView as Review,
} from "@storyboard/core/review/schema";

/** What the reviewer sends: core's input shapes. */
export type NewReviewerComment = ReviewerCommentInput;
export type NewDecision = DecisionInput;

export interface NewReviewLink {
  name: string;
  allowDownload?: boolean;
  expiresInDays?: number | null;
}

/** GET /api/renders/{id}/comments: every link's comments and decisions on one render. */
export interface RenderComments {
  comments: ReviewComment[];
  /** The render's frames, named as the reviewer's page names them. */
  frames: OwnerFrameLabel[];
  decisions: (Decision & { linkId: string; linkName: string })[];
}

/** What a revoked, expired or unknown link answers (404). */
export const INACTIVE_LINK_MESSAGE = REVIEW_MESSAGES.inactive;
