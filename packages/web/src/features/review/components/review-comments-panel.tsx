import { MessageSquare } from "lucide-react";
import { useMemo } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { useRenderComments, useReplyToComment, useResolveComment } from "../api/owner";
import type { OwnerFrame } from "../api/types";
import { buildThreads, type CommentThread } from "../utils/threads";
import { CommentThreadView } from "./comment-thread";
import { targetLabel } from "./reviewer-threads";

/** Open threads first, then in the video's order of their frames, then oldest first. */
function ordered(threads: CommentThread[], frames: OwnerFrame[]): CommentThread[] {
  const position = new Map(frames.map((f, i) => [f.blockId, i]));
  const place = ({ root }: CommentThread) => (root.blockId != null ? (position.get(root.blockId) ?? frames.length) : frames.length);
  return [...threads].sort(
    (a, b) =>
      Number(a.root.resolved) - Number(b.root.resolved) ||
      place(a) - place(b) ||
      (a.root.atMs ?? 0) - (b.root.atMs ?? 0) ||
      Date.parse(a.root.createdAt) - Date.parse(b.root.createdAt),
  );
}

const NO_FRAMES: OwnerFrame[] = [];

/**
 * The owner's view of every comment on the render, by thread, with reply and resolve. Frames are named as the
 * reviewer's page names them ('Scene 1 Shot 1B', from the API), so writer and reviewer speak of the same shot.
 */
export function ReviewCommentsPanel({ renderId }: { renderId: string }) {
  const { data, isPending, isError, refetch, isFetching } = useRenderComments(renderId);
  const frames = data?.frames ?? NO_FRAMES;
  const reply = useReplyToComment(renderId);
  const resolve = useResolveComment(renderId);
  const threads = useMemo(() => ordered(buildThreads(data?.comments ?? []), frames), [data?.comments, frames]);
  const labels = useMemo(() => new Map(frames.map((f) => [f.blockId, f.label])), [frames]);
  const open = threads.filter((t) => !t.root.resolved).length;

  if (isPending) return <Skeleton className="h-24 w-full" aria-label="Loading comments" />;
  if (isError) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        The comments could not be loaded.
        <Button variant="outline" size="sm" onClick={() => refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <section aria-label="Review comments" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium">
          {threads.length === 0 ? "No comments yet" : `${open} open of ${threads.length} ${threads.length === 1 ? "thread" : "threads"}`}
        </h3>
        <Button variant="ghost" size="sm" onClick={() => refetch()} disabled={isFetching}>
          {isFetching ? "Checking..." : "Check for new comments"}
        </Button>
      </div>
      {threads.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <MessageSquare aria-hidden className="size-4" /> Comments from your review links show here.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {threads.map((thread) => {
            const { root } = thread;
            const label = targetLabel(root, root.blockId ? labels.get(root.blockId) : undefined);
            return (
              <li key={root.commentId}>
                <CommentThreadView
                  thread={thread}
                  target={label && <Badge variant="secondary">{label}</Badge>}
                  meta={root.linkName && <span className="text-xs text-muted-foreground">via {root.linkName}</span>}
                  onReply={(text) => reply.mutateAsync({ parentId: root.commentId, text })}
                  replyPending={reply.isPending}
                  onResolve={(resolved) => resolve.mutate({ commentId: root.commentId, resolved })}
                  resolvePending={resolve.isPending}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
