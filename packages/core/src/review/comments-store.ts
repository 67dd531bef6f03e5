/** Comment items and how they read in answers (docs/product.md#review-links). */
import type { EntityItem } from "electrodb";
import type { ReviewComment as ReviewCommentEntity } from "../dynamo/entities/review-comment";
import type { ReviewComment } from "./schema";

export type CommentItem = EntityItem<typeof ReviewCommentEntity> & { createdAt: string };

/** Threads on a link (first comments) and those still open. */
export function threadCounts(comments: CommentItem[]) {
  const roots = comments.filter((c) => !c.parentId);
  return { commentCount: roots.length, openCommentCount: roots.filter((c) => !c.resolved).length };
}

/** Where a comment shows on the render being looked at (review/carry.ts). */
export interface Placement {
  blockId: string | null;
  atMs: number | null;
  outdated: boolean;
}

export const placedAsMade = (c: CommentItem): Placement => ({ blockId: c.blockId ?? null, atMs: c.atMs ?? null, outdated: false });

/**
 * The answer's comment. A reply reads its thread's resolved state; `linkName`
 * only where the caller may know it (the owner, or the link's own reviewer).
 */
export function commentView(c: CommentItem, thread: { resolved: boolean }, placement: Placement, linkName?: string): ReviewComment {
  return {
    commentId: c.commentId,
    parentId: c.parentId ?? null,
    blockId: placement.blockId,
    atMs: placement.atMs,
    name: c.name,
    text: c.text,
    author: c.author,
    createdAt: c.createdAt,
    resolved: thread.resolved,
    outdated: placement.outdated,
    linkId: c.linkId,
    ...(linkName !== undefined ? { linkName } : {}),
  };
}

/** Comments in thread order: each first comment by time, its replies after it by time. */
export function inThreads(comments: CommentItem[]): CommentItem[] {
  const byTime = [...comments].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.commentId.localeCompare(b.commentId));
  const replies = new Map<string, CommentItem[]>();
  for (const c of byTime) if (c.parentId) replies.set(c.parentId, [...(replies.get(c.parentId) ?? []), c]);
  return byTime.filter((c) => !c.parentId).flatMap((root) => [root, ...(replies.get(root.commentId) ?? [])]);
}
