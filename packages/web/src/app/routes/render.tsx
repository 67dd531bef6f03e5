import { usePublicEnv } from "../../config/env";
import { hasRole, useUser } from "../../lib/user";
import { RenderScreen } from "../../features/renders/components/render-screen";
import { ShotPicker } from "../../features/board/components/shot-picker";
import { ShowcasePromotionCard } from "../../features/showcase/components/showcase-promotion-card";
import { TimelineDownloads } from "../../features/timelines/components/timeline-downloads";

/**
 * /renders/:id: the render screen plus, for a finished render with a video, its
 * editing timelines (docs/product.md#editing-timelines) and, for `features` users,
 * the showcase promotion form (docs/product.md#roles).
 */
export function RenderRoute() {
  const { data: user } = useUser();
  const { data: env } = usePublicEnv();
  const canPromote = hasRole(user, "features");
  return (
    <RenderScreen
      shotSlot={(props) => <ShotPicker {...props} />}
      extra={(render) => (
        <>
          {render.status === "complete" && render.outputFilePath && <TimelineDownloads renderId={render.id} />}
          {canPromote && render.status === "complete" && render.outputFilePath ? (
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
