import { format } from "date-fns";
import { getAspect } from "@storyboard/core/catalog/aspects";
import { AlertTriangle, Download, Link2Off } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { PageSpinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api";
import { usePostDecision, usePostReviewComment, useReview } from "../api/review";
import { INACTIVE_LINK_MESSAGE, REVIEW_LIMITS, type Review } from "../api/types";
import { rememberedName, rememberName } from "../utils/reviewer-name";
import { openThreadsByBlock } from "../utils/threads";
import { frameAt, inVideoOrder } from "../utils/frames";
import { nameError } from "../utils/validate";
import { DecisionCard } from "./decision-card";
import { FrameStrip } from "./frame-strip";
import { type CommentTarget, NewCommentForm } from "./new-comment-form";
import { ReviewerThreads } from "./reviewer-threads";

/** A private page: search engines leave it out while it is open. */
function useNoIndex() {
  useEffect(() => {
    const meta = Object.assign(document.createElement("meta"), { name: "robots", content: "noindex" });
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

/**
 * /review#{token} (docs/decisions.md#review-links-on-the-web-issue-28): a storyboard shared for review, no account needed. The reviewer watches, picks
 * frames, comments and replies under a name remembered in this browser, and ends with a decision. The token is the
 * fragment, which the browser never sends anywhere (docs/decisions.md#review-links).
 */
export function ReviewScreen() {
  const token = useLocation().hash.slice(1);
  const { data: review, isPending, error, refetch, isFetching } = useReview(token);
  useNoIndex();

  if (isPending) return <PageSpinner label="Loading review" />;
  // Also when a read for fresh media addresses finds the link revoked: the old storyboard is not shown on.
  const inactive = error instanceof ApiError && error.status === 404;
  if (!review || inactive) {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-12">
        {inactive ? (
          <EmptyState icon={Link2Off} title={INACTIVE_LINK_MESSAGE} description="Ask the person who shared it with you for a new link." />
        ) : (
          <EmptyState
            icon={AlertTriangle}
            title="Could not load this review"
            description="Something went wrong while loading the storyboard. Please try again."
            action={
              <Button variant="outline" onClick={() => refetch()} disabled={isFetching}>
                Try again
              </Button>
            }
          />
        )}
      </div>
    );
  }
  return <ReviewBody token={token} review={review} renewMedia={refetch} />;
}

function ReviewBody({ token, review, renewMedia }: { token: string; review: Review; renewMedia: () => unknown }) {
  const video = useRef<HTMLVideoElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const nameId = useId();
  const [name, setName] = useState(rememberedName);
  const [nameProblem, setNameProblem] = useState<string>();
  const [currentMs, setCurrentMs] = useState(0);
  const [selectedBlockId, setSelectedBlockId] = useState<string | null>(null);
  const [target, setTarget] = useState<CommentTarget>("time");
  const postComment = usePostReviewComment(token);
  const postDecision = usePostDecision(token);

  const frames = useMemo(() => inVideoOrder(review.frames), [review.frames]);
  const openCounts = useMemo(() => openThreadsByBlock(review.comments), [review.comments]);
  const currentFrame = frameAt(frames, currentMs);
  const selectedFrame = frames.find((f) => f.blockId === selectedBlockId) ?? null;
  const { width, height } = getAspect(review.aspect);

  const seek = (ms: number) => {
    if (video.current) video.current.currentTime = ms / 1000;
    setCurrentMs(ms);
  };

  // Media addresses are signed for minutes (docs/decisions.md#review-links): one that has ended is asked for
  // again, at most every 30 s, and the video goes on from where it was, playing if it was. A new address
  // reloads the video paused, also when a frame's picture was the one that ended.
  const lastRenewal = useRef(0);
  const resume = useRef<{ atMs: number; playing: boolean } | null>(null);
  const renewExpiredMedia = () => {
    if (Date.now() - lastRenewal.current < 30_000) return;
    lastRenewal.current = Date.now();
    const player = video.current;
    resume.current = { atMs: currentMs, playing: !!player && !player.paused && !player.ended };
    renewMedia();
  };

  /** The name every comment, reply and decision carries; asks for it (and remembers it) when needed. */
  const signedName = (): string => {
    const problem = nameError(name);
    if (problem) {
      setNameProblem(problem);
      nameField.current?.focus();
      throw new Error(problem);
    }
    rememberName(name);
    return name.trim();
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6">
      <header className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">Shared with you for review · {review.linkName}</p>
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{review.title}</h1>
        {review.expiresAt && (
          <p className="text-sm text-muted-foreground">This link works until {format(new Date(review.expiresAt), "MMM d, yyyy 'at' h:mm a")}.</p>
        )}
      </header>

      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-label="Storyboard" className="flex min-w-0 flex-col gap-4">
          <div className="overflow-hidden rounded-xl border bg-black">
            <video
              ref={video}
              controls
              playsInline
              preload="metadata"
              src={review.videoUrl}
              poster={review.posterUrl ?? undefined}
              onTimeUpdate={(e) => setCurrentMs(e.currentTarget.currentTime * 1000)}
              onSeeked={(e) => setCurrentMs(e.currentTarget.currentTime * 1000)}
              onError={renewExpiredMedia}
              onLoadedMetadata={() => {
                const at = resume.current;
                resume.current = null;
                if (!at) return;
                seek(at.atMs);
                // A refused play (the browser's autoplay rules) leaves the video paused where it was.
                if (at.playing) video.current?.play()?.catch(() => undefined);
              }}
              className="mx-auto w-full object-contain"
              style={{ aspectRatio: `${width} / ${height}`, maxHeight: "70vh" }}
              aria-label={`Video of ${review.title}`}
            />
          </div>
          {review.downloadUrl && (
            <Button asChild variant="outline" className="w-fit">
              <a href={review.downloadUrl} download>
                <Download aria-hidden /> Download video
              </a>
            </Button>
          )}
          <div className="flex flex-col gap-2">
            <h2 className="text-lg font-semibold">Frames</h2>
            <p className="text-sm text-muted-foreground">Pick a frame to see it in the video and to comment on it.</p>
            <FrameStrip
              frames={frames}
              onImageError={renewExpiredMedia}
              playingBlockId={currentFrame?.blockId ?? null}
              selectedBlockId={selectedBlockId}
              openCounts={openCounts}
              onSelect={(frame) => {
                setSelectedBlockId(frame.blockId);
                setTarget("frame");
                seek(frame.startMs);
              }}
            />
          </div>
        </section>

        <aside aria-label="Comments and decision" className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Comments</CardTitle>
              <CardDescription>The writer sees your name with your comments. Comments are shown as plain text.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <div className="grid gap-2">
                <Label htmlFor={nameId}>Your name</Label>
                <Input
                  id={nameId}
                  ref={nameField}
                  value={name}
                  autoComplete="name"
                  maxLength={REVIEW_LIMITS.name}
                  aria-invalid={!!nameProblem}
                  aria-describedby={`${nameId}-hint`}
                  onChange={(e) => (setName(e.target.value), setNameProblem(undefined))}
                />
                <p id={`${nameId}-hint`} className={nameProblem ? "text-sm text-destructive" : "text-xs text-muted-foreground"}>
                  {nameProblem ?? "Remembered in this browser."}
                </p>
              </div>
              <NewCommentForm
                selectedFrame={selectedFrame}
                currentMs={currentMs}
                currentFrame={currentFrame}
                target={target}
                onTargetChange={setTarget}
                pending={postComment.isPending}
                onSubmit={async (comment) => postComment.mutateAsync({ ...comment, name: signedName() })}
              />
              <ReviewerThreads
                comments={review.comments}
                frames={frames}
                onShow={(blockId, ms) => {
                  if (blockId) setSelectedBlockId(blockId);
                  seek(ms);
                }}
                onReply={(parentId, text) => postComment.mutateAsync({ parentId, text, name: signedName() })}
                replyPending={postComment.isPending}
              />
            </CardContent>
          </Card>
          <DecisionCard
            decision={review.decision}
            pending={postDecision.isPending}
            onDecide={async (decision, note) => postDecision.mutateAsync({ decision, name: signedName(), ...(note ? { note } : {}) })}
          />
        </aside>
      </div>
    </div>
  );
}
