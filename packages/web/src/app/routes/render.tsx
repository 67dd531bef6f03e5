import { lazy, Suspense } from "react";
import { useParams } from "react-router-dom";
import { usePublicEnv } from "../../config/env";
import { hasRole, useUser } from "../../lib/user";
import { type RenderJob, useRender } from "../../features/renders/api/renders";
import { RenderScreen } from "../../features/renders/components/render-screen";
import { ShotPicker } from "../../features/board/components/shot-picker";
import { useFrameLabels } from "../../features/review/api/owner";
import { FrameCommentBadge } from "../../features/review/components/frame-comment-badge";
import { ShowcasePromotionCard } from "../../features/showcase/components/showcase-promotion-card";
import { TimelineDownloads } from "../../features/timelines/components/timeline-downloads";

/** Loaded only for a finished render: the page of a render in progress does without its code. */
const ReviewOwnerCard = lazy(() =>
  import("../../features/review/components/review-owner-card").then((module) => ({ default: module.ReviewOwnerCard })),
);

/** A finished render with a video: what review links, timelines and the showcase work on. */
const hasVideo = (render: RenderJob) => render.status === "complete" && !!render.outputFilePath;

/**
 * /renders/:id: the render screen plus, for a finished render with a video, its review links and
 * comments (issue 28, with a count on each commented frame), its editing timelines
 * (docs/product.md#editing-timelines) and, for `features` users, the showcase promotion form (docs/product.md#roles).
 */
export function RenderRoute() {
  const { data: user } = useUser();
  const { data: env } = usePublicEnv();
  const canPromote = hasRole(user, "features");
  // The screen's own query (one request): a finished render's timeline names its frames as the review page does.
  const { id = "" } = useParams();
  const { data: current } = useRender(id);
  const { data: frameLabels } = useFrameLabels(current && hasVideo(current) ? current.id : undefined);
  return (
    <RenderScreen
      shotSlot={(props) => <ShotPicker {...props} />}
      frameLabels={frameLabels}
      frameBadge={(render, blockId) => (hasVideo(render) ? <FrameCommentBadge renderId={render.id} blockId={blockId} /> : null)}
      extra={(render) => (
        <>
          {hasVideo(render) && (
            <Suspense fallback={null}>
              <ReviewOwnerCard renderId={render.id} />
            </Suspense>
          )}
          {hasVideo(render) && <TimelineDownloads renderId={render.id} />}
          {canPromote && hasVideo(render) ? (
            <ShowcasePromotionCard
              render={{
                id: render.id,
                title: render.title,
                images: render.screenplaySnapshot.blocks.flatMap((b) => b.imageUrl.slice(0, 1)),
              }}
              defaultDisplayName={user?.fullName || user?.username}
              mediaPrefix={env?.AWS_S3_URL_PREFIX}
            />
          ) : null}
        </>
      )}
    />
  );
}
