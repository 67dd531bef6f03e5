import { format } from "date-fns";
import { AlertTriangle, ArrowLeft, FileQuestion, Film, RefreshCw } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { PageSpinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api";
import { useCreateVideo } from "../api/mutations";
import { useRender, type RenderJob } from "../api/renders";
import { showsAssets } from "../utils/status";
import { styleName } from "@storyboard/core/catalog/styles";
import { timelineBlocks } from "../utils/timeline";
import { ChangedShots } from "./changed-shots";
import { CharacterVoicesTable } from "./character-voices-table";
import { DescriptionsComingSoonDialog } from "./descriptions-coming-soon-dialog";
import { DescriptionsEditor, type ShotSlotProps } from "./descriptions-editor";
import { ImagePickerDialog } from "./image-picker-dialog";
import { ProgressCard } from "./progress-card";
import { RenderMedia } from "./render-media";
import { RenderStatusBadge } from "../../../components/render-status-badge";
import { ReRenderCard } from "./re-render-card";
import { TimelineEditor } from "./timeline-editor";

/** What the prepare screen passes along when it navigates here after creating the render. */
export interface RenderLocationState {
  showDescriptionsComingSoon?: boolean;
}

function formatCreated(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : format(date, "MMM d, yyyy 'at' h:mm a");
}

/**
 * /renders/:id: status, progress, the review gates, the media and the editors of one render.
 * `extra` lets the route add cards of other features (the showcase promotion form) below the media;
 * `frameBadge` marks a timeline block with another feature's count (open review comments); `frameLabels`
 * name the timeline's blocks as the review page does.
 */
export function RenderScreen({
  extra,
  shotSlot,
  frameBadge,
  frameLabels,
}: {
  extra?: (render: RenderJob) => ReactNode;
  shotSlot?: (props: ShotSlotProps) => ReactNode;
  frameBadge?: (render: RenderJob, blockId: string) => ReactNode;
  frameLabels?: ReadonlyMap<string, string>;
} = {}) {
  const { id = "" } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const query = useRender(id);
  const { data: render, isPending, error, refetch, isFetching } = query;
  const [comingSoon, setComingSoon] = useState(() => !!(location.state as RenderLocationState | null)?.showDescriptionsComingSoon);

  const dismissComingSoon = () => {
    setComingSoon(false);
    // Forget the flag so a reload or Back does not show the dialog again.
    navigate(location.pathname, { replace: true, state: null });
  };

  if (isPending) return <PageSpinner label="Loading render" />;
  if (!render) {
    if (error instanceof ApiError && error.status === 404) {
      return (
        <EmptyState
          icon={FileQuestion}
          title="Render not found"
          description="This render doesn't exist or you don't have permission to view it."
          action={
            <Button asChild variant="outline">
              <Link to="/dashboard">Back to Dashboard</Link>
            </Button>
          }
        />
      );
    }
    return (
      <EmptyState
        icon={AlertTriangle}
        title="Could not load this render"
        description="Something went wrong while loading the render. Please try again."
        action={
          <Button variant="outline" onClick={() => refetch()}>
            Try again
          </Button>
        }
      />
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
          <Link to={render.screenplayId ? `/screenplays/${render.screenplayId}` : "/dashboard"}>
            <ArrowLeft aria-hidden /> Back
          </Link>
        </Button>
        {render.status !== "complete" && (
          <Button variant="outline" size="sm" onClick={() => refetch()} disabled={isFetching}>
            <RefreshCw className={isFetching ? "animate-spin" : undefined} aria-hidden /> Refresh
          </Button>
        )}
      </div>
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words sm:text-3xl">{render.title}</h1>
          <RenderStatusBadge status={render.status} />
        </div>
        <p className="text-sm text-muted-foreground">
          {[styleName(render.style), formatCreated(render.createdAt) && `Created ${formatCreated(render.createdAt)}`]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </header>

      <RenderBody render={render} onRetry={() => refetch()} retrying={isFetching} extra={extra} shotSlot={shotSlot} frameBadge={frameBadge} frameLabels={frameLabels} />

      {/* Only while the descriptions are really being written: once they are ready the screen shows them. */}
      <DescriptionsComingSoonDialog open={comingSoon && render.status === "queued"} onDismiss={dismissComingSoon} />
    </div>
  );
}

function RenderBody({
  render,
  onRetry,
  retrying,
  extra,
  shotSlot,
  frameBadge,
  frameLabels,
}: {
  render: RenderJob;
  onRetry: () => void;
  retrying: boolean;
  extra?: (render: RenderJob) => ReactNode;
  shotSlot?: (props: ShotSlotProps) => ReactNode;
  frameBadge?: (render: RenderJob, blockId: string) => ReactNode;
  frameLabels?: ReadonlyMap<string, string>;
}) {
  const [pickerBlockId, setPickerBlockId] = useState<string | null>(null);
  const blocks = useMemo(() => timelineBlocks(render.screenplaySnapshot.blocks ?? []), [render.screenplaySnapshot.blocks]);
  const createVideo = useCreateVideo(render.id);

  if (render.status === "failed") {
    return (
      <>
        <Card className="border-destructive/50" role="alert">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-destructive">
              <AlertTriangle className="size-5" aria-hidden /> Render Failed
            </CardTitle>
            <CardDescription>{render.failureReason || "Something went wrong while making this render."}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" onClick={onRetry} disabled={retrying}>
              <RefreshCw className={retrying ? "animate-spin" : undefined} aria-hidden /> Retry
            </Button>
          </CardContent>
        </Card>
        <CharacterVoicesTable voices={render.characterVoices} />
      </>
    );
  }

  return (
    <>
      {render.status !== "complete" && <ProgressCard render={render} />}
      {render.status === "descriptions_ready" && <DescriptionsEditor key={render.id} render={render} shotSlot={shotSlot} />}
      {render.status === "assets_ready" && (
        <Card className="border-primary/40 bg-accent/30">
          <CardHeader>
            <CardTitle>Images ready for review</CardTitle>
            <CardDescription>
              Look through the shots on the timeline and swap any image you'd like to change. When you're happy, create the video: your
              first video is included in the render's price.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={() => createVideo.mutate()} disabled={createVideo.isPending} className="w-full sm:w-auto">
              <Film aria-hidden />
              {createVideo.isPending ? "Starting..." : "Create Video"}
            </Button>
          </CardContent>
        </Card>
      )}
      {showsAssets(render.status) && (
        <>
          <RenderMedia render={render} />
          {render.status === "assets_ready" && <ChangedShots blocks={blocks} onOpenBlock={setPickerBlockId} />}
          <TimelineEditor
            blocks={blocks}
            onOpenBlock={setPickerBlockId}
            note={render.status === "complete" ? "New choices show in the video after a re-render." : undefined}
            frameBadge={frameBadge && ((blockId) => frameBadge(render, blockId))}
            frameLabels={frameLabels}
          />
          <ImagePickerDialog
            renderId={render.id}
            blocks={blocks}
            blockId={pickerBlockId}
            onClose={() => setPickerBlockId(null)}
            frameLabels={frameLabels}
          />
        </>
      )}
      {render.status === "complete" && <ReRenderCard render={render} />}
      {extra?.(render)}
      <CharacterVoicesTable voices={render.characterVoices} />
    </>
  );
}
