import type { ReviewComment } from "../api/types";

/** A comment and its replies, oldest first. */
export interface CommentThread {
  root: ReviewComment;
  replies: ReviewComment[];
}

const oldestFirst = (a: ReviewComment, b: ReviewComment) => Date.parse(a.createdAt) - Date.parse(b.createdAt);

/**
 * Groups a flat list into threads: a reply to a reply joins the thread of its first comment, and a reply
 * whose parent is missing (another link's thread, never sent to a reviewer) starts a thread of its own.
 */
export function buildThreads(comments: readonly ReviewComment[]): CommentThread[] {
  const byId = new Map(comments.map((c) => [c.commentId, c]));
  const rootOf = (comment: ReviewComment): ReviewComment => {
    let current = comment;
    const seen = new Set<string>();
    while (current.parentId && byId.has(current.parentId) && !seen.has(current.commentId)) {
      seen.add(current.commentId);
      current = byId.get(current.parentId)!;
    }
    return current;
  };
  const threads = new Map<string, CommentThread>();
  for (const comment of [...comments].sort(oldestFirst)) {
    const root = rootOf(comment);
    const thread = threads.get(root.commentId) ?? { root, replies: [] };
    if (root !== comment) thread.replies.push(comment);
    threads.set(root.commentId, thread);
  }
  return [...threads.values()];
}

/** Open threads per frame: the count badge on each frame. */
export function openThreadsByBlock(comments: readonly ReviewComment[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { root } of buildThreads(comments)) {
    if (root.blockId && !root.resolved) counts.set(root.blockId, (counts.get(root.blockId) ?? 0) + 1);
  }
  return counts;
}
