import { isReviewGate, progressPercent, timeLeftLabel } from "@storyboard/core/render/progress";
import type { RenderStatus } from "@storyboard/core/render/status";
import { Hourglass } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Progress } from "../../../components/ui/progress";
import { MEDIA_PROGRESS_STATUSES, useMediaCompletion, type RenderJob } from "../api/renders";

/** What the render is doing, in the user's words. */
const PHASE: Record<string, string> = {
  queued: "Your render is queued. Character and scene descriptions are being written; this takes about 2 minutes.",
  descriptions_ready: "The descriptions are ready. Review them below, then start generating images and audio.",
  generating_assets: "Drawing an image and recording narration for every block.",
  assets_ready: "Images and audio are ready. Review the images on the timeline, then create the video.",
  rendering: "Putting the video together: images, narration and transitions.",
  compiling: "Finishing the video, poster, audio track and project archive.",
};

const RESUMING_NOTICE_MS = 3 * 60_000;

/** docs/product.md#renders progress: the shared formula, held at the review gates, time left from the rates this render measured (progress.ts). */
export function ProgressCard({ render, now = Date.now() }: { render: RenderJob; now?: number }) {
  const { data: media } = useMediaCompletion(render.id, render.status);
  const status = render.status as RenderStatus;
  const percent = progressPercent({
    status,
    media: MEDIA_PROGRESS_STATUSES.includes(render.status) ? media : null,
    createdAt: render.createdAt,
    estimatedCompletionTime: render.estimatedCompletionTime,
    now,
  });
  const waiting = isReviewGate(status);
  const timeLeft = timeLeftLabel(status, render.pace, now);
  // For a few minutes after the sweeper resumed a phase cut off mid-way (docs/decisions.md#crash-safety).
  const resuming = !!render.resumedAt && now - Date.parse(render.resumedAt) < RESUMING_NOTICE_MS;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Progress</CardTitle>
        <CardDescription>{PHASE[render.status] ?? "Your render is being processed."}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex items-center gap-3">
          <Progress value={percent} aria-label="Render progress" className="h-2.5" />
          <span className="w-12 shrink-0 text-right text-sm font-medium tabular-nums">{percent}%</span>
        </div>
        {media && render.status === "generating_assets" && (
          <dl className="grid grid-cols-2 gap-2 text-sm">
            {(["image", "audio"] as const).map((kind) => {
              const part = media.typeBreakdown[kind];
              return (
                <div key={kind} className="rounded-md border px-3 py-2">
                  <dt className="text-xs text-muted-foreground">{kind === "image" ? "Images" : "Narration"}</dt>
                  <dd className="font-medium tabular-nums">
                    {part.total - part.remaining} of {part.total}
                  </dd>
                </div>
              );
            })}
          </dl>
        )}
        {resuming && (
          <p className="text-sm font-medium" data-testid="render-resuming">
            This render was interrupted; resuming.
          </p>
        )}
        {waiting && (
          <p className="flex items-center gap-2 text-sm font-medium" data-testid="waiting-for-you">
            <Hourglass className="size-4 shrink-0" aria-hidden /> Waiting for you: nothing moves until you continue below.
          </p>
        )}
        {timeLeft && (
          <p className="text-sm text-muted-foreground">
            Estimated time left: <span className="font-medium text-foreground">{timeLeft}</span>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
