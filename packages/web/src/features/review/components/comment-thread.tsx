import { formatDistanceToNow } from "date-fns";
import { CheckCircle2, CornerDownRight, MessageSquareReply, RotateCcw } from "lucide-react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Textarea } from "../../../components/ui/textarea";
import { cn } from "../../../lib/utils";
import { REVIEW_LIMITS, type ReviewComment } from "../api/types";
import type { CommentThread } from "../utils/threads";

const ago = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : formatDistanceToNow(date, { addSuffix: true });
};

/** One comment: the name, when, and the text as plain text (never HTML). */
function CommentBody({ comment }: { comment: ReviewComment }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-medium break-words">{comment.name}</span>
        {/* An owner without a display name is already called 'Writer': no second 'Writer' beside it. */}
        {comment.author === "owner" && comment.name !== "Writer" && <Badge variant="secondary">Writer</Badge>}
        <time dateTime={comment.createdAt} className="text-xs text-muted-foreground">
          {ago(comment.createdAt)}
        </time>
      </p>
      <p className="text-sm break-words whitespace-pre-wrap">{comment.text}</p>
    </div>
  );
}

interface CommentThreadViewProps {
  thread: CommentThread;
  /** Where the thread points: a frame's label or a time, as a button that shows it. */
  target?: ReactNode;
  /** Sends a reply; the form clears once it resolves. Omitted: no reply. */
  onReply?: (text: string) => Promise<unknown>;
  replyPending?: boolean;
  /** Resolves or reopens the thread (the owner). */
  onResolve?: (resolved: boolean) => void;
  resolvePending?: boolean;
  /** Extra line above the comment (the owner sees which link it came through). */
  meta?: ReactNode;
}

/** A comment with its replies, a reply form, and (for the owner) resolve. */
export function CommentThreadView({ thread, target, onReply, replyPending, onResolve, resolvePending, meta }: CommentThreadViewProps) {
  const { root, replies } = thread;
  const [replying, setReplying] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const fieldId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return setError("Write a reply first.");
    try {
      await onReply?.(trimmed);
      setText("");
      setReplying(false);
    } catch {
      // The mutation shows the failure; the text stays for another try.
    }
  };

  return (
    <article
      aria-label={`Comment by ${root.name}`}
      className={cn("flex flex-col gap-3 rounded-lg border p-3", root.resolved && "bg-muted/40")}
    >
      <div className="flex flex-wrap items-center gap-2">
        {target}
        {meta}
        {root.resolved && (
          <Badge variant="outline">
            <CheckCircle2 aria-hidden className="size-3" /> Resolved
          </Badge>
        )}
        {root.outdated && (
          <Badge variant="outline" title="The frame changed in a newer render.">
            Outdated
          </Badge>
        )}
      </div>
      <CommentBody comment={root} />
      {replies.length > 0 && (
        <ul className="flex flex-col gap-3 border-l-2 pl-3" aria-label="Replies">
          {replies.map((reply) => (
            <li key={reply.commentId} className="flex gap-2">
              <CornerDownRight aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <CommentBody comment={reply} />
            </li>
          ))}
        </ul>
      )}
      {replying ? (
        <form onSubmit={submit} noValidate className="flex flex-col gap-2">
          <label htmlFor={fieldId} className="sr-only">
            Reply to {root.name}
          </label>
          <Textarea
            id={fieldId}
            rows={2}
            autoFocus
            maxLength={REVIEW_LIMITS.text}
            value={text}
            aria-invalid={!!error}
            onChange={(e) => (setText(e.target.value), setError(undefined))}
          />
          {error && <p className="text-sm text-destructive">{error}</p>}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={replyPending}>
              {replyPending ? "Sending..." : "Send reply"}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => (setReplying(false), setError(undefined))}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        (onReply || onResolve) && (
          <div className="flex flex-wrap gap-2">
            {onReply && (
              <Button type="button" size="sm" variant="outline" onClick={() => setReplying(true)} aria-label={`Reply to ${root.name}`}>
                <MessageSquareReply aria-hidden /> Reply
              </Button>
            )}
            {onResolve && (
              <Button
                type="button"
                size="sm"
                variant="ghost"
                disabled={resolvePending}
                onClick={() => onResolve(!root.resolved)}
                aria-label={`${root.resolved ? "Reopen" : "Resolve"} the comment by ${root.name}`}
              >
                {root.resolved ? <RotateCcw aria-hidden /> : <CheckCircle2 aria-hidden />}
                {root.resolved ? "Reopen" : "Resolve"}
              </Button>
            )}
          </div>
        )
      )}
    </article>
  );
}
