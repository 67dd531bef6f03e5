/**
 * The review-link API's answers (issue 28), declared here as the web sees them: the web reads JSON and
 * imports no server code. Field for field the same as the API's shapes.
 */

export type DecisionKind = "approved" | "changes_requested";

export interface Decision {
  decision: DecisionKind;
  name: string;
  note: string | null;
  at: string;
}

export type ReviewLinkStatus = "active" | "revoked" | "expired";

export interface ReviewLink {
  linkId: string;
  /** 'For Dana' (1–60 characters). */
  name: string;
  /** The web path '/review/{token}'; only the owner ever sees it. */
  url: string;
  allowDownload: boolean;
  expiresAt: string | null;
  createdAt: string;
  revokedAt: string | null;
  status: ReviewLinkStatus;
  commentCount: number;
  openCommentCount: number;
  /** The latest decision on this link. */
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
  /** The block's content changed in a newer render. */
  outdated: boolean;
  linkId: string;
  /** Only in the owner's answers. */
  linkName?: string;
}

export interface ReviewFrame {
  blockId: string;
  index: number;
  sceneNumber: number | null;
  /** 'Scene 3 Shot 3B' or the block's kind. */
  label: string;
  startMs: number;
  durationMs: number;
  imageUrl: string;
  text: string;
}

/** GET /api/review/{token}: what a reviewer sees. Media URLs go through the token, never a public address. */
export interface Review {
  linkName: string;
  /** The screenplay's title. */
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

export interface NewReviewerComment {
  blockId?: string;
  atMs?: number;
  name: string;
  text: string;
  parentId?: string;
}

export interface NewDecision {
  decision: DecisionKind;
  name: string;
  note?: string;
}

export interface NewReviewLink {
  name: string;
  allowDownload?: boolean;
  expiresInDays?: number | null;
}

/** GET /api/renders/{id}/comments: every link's comments and decisions on one render. */
export interface RenderComments {
  comments: ReviewComment[];
  decisions: (Decision & { linkId: string; linkName: string })[];
}

/** The API's limits, checked here too so a reviewer hears about them before sending. */
export const REVIEW_LIMITS = { name: 60, text: 2000, note: 2000, expiresInDaysMax: 90 } as const;

/** What a revoked, expired or unknown link answers (404). */
export const INACTIVE_LINK_MESSAGE = "This review link is no longer active.";
