import { MessageSquare } from "lucide-react";
import { useMemo } from "react";
import { Button } from "../../../components/ui/button";
import { formatTimecode } from "../../../lib/timecode";
import type { ReviewComment, ReviewFrame } from "../api/types";
import { buildThreads } from "../utils/threads";
import { CommentThreadView } from "./comment-thread";

/** Where a comment points, in words: 'Scene 3 Shot 3B', 'Scene 3 Shot 3B at 0:12' or 'At 0:12'. */
export function targetLabel(comment: Pick<ReviewComment, "blockId" | "atMs">, frameLabel: string | undefined): string | null {
  const time = comment.atMs != null ? formatTimecode(comment.atMs) : null;
  if (frameLabel) return time ? `${frameLabel} at ${time}` : frameLabel;
  return time ? `At ${time}` : null;
}

interface ReviewerThreadsProps {
  comments: ReviewComment[];
  frames: ReviewFrame[];
  /** Shows a comment's frame or time in the video. */
  onShow: (blockId: string | null, ms: number) => void;
  onReply: (parentId: string, text: string) => Promise<unknown>;
  replyPending: boolean;
}

/** Every thread on this link, newest first, each with a button that shows its frame. */
export function ReviewerThreads({ comments, frames, onShow, onReply, replyPending }: ReviewerThreadsProps) {
  const threads = useMemo(() => buildThreads(comments).reverse(), [comments]);
  const frameById = useMemo(() => new Map(frames.map((f) => [f.blockId, f])), [frames]);

  if (threads.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <MessageSquare aria-hidden className="size-4" /> No comments yet.
      </p>
    );
  }
  return (
    <section aria-label="Comment threads" className="flex flex-col gap-3">
      <h3 className="text-sm font-medium">
        {threads.length} {threads.length === 1 ? "thread" : "threads"}
      </h3>
      <ul className="flex flex-col gap-3">
        {threads.map((thread) => {
          const { root } = thread;
          const frame = root.blockId ? frameById.get(root.blockId) : undefined;
          const label = targetLabel(root, frame?.label);
          const ms = root.atMs ?? frame?.startMs;
          return (
            <li key={root.commentId}>
              <CommentThreadView
                thread={thread}
                target={
                  label &&
                  (ms != null ? (
                    <Button type="button" variant="secondary" size="sm" className="h-6 px-2 text-xs" onClick={() => onShow(frame?.blockId ?? null, ms)}>
                      {label}
                    </Button>
                  ) : (
                    <span className="text-xs text-muted-foreground">{label}</span>
                  ))
                }
                onReply={(text) => onReply(root.commentId, text)}
                replyPending={replyPending}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
