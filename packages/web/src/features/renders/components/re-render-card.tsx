import { reRenderCost, RERENDER_COST_PER_PAGE } from "@storyboard/core/render/pricing";
import { RefreshCw } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useReRender } from "../api/mutations";
import type { RenderJob } from "../api/renders";
import { formatPoints } from "../../../lib/numbers";

/** A finished render's video compiled again with the current image choices (40 points a page). */
export function ReRenderCard({ render }: { render: RenderJob }) {
  const reRender = useReRender(render.id);
  const pages = Math.max(1, Math.ceil(render.screenplaySnapshot.pageCount ?? 1));
  const cost = reRenderCost(pages);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Re-render video</CardTitle>
        <CardDescription>
          Changed some images? Compile the video again with your current choices. This costs {formatPoints(cost)} ({pages}{" "}
          {pages === 1 ? "page" : "pages"} × {RERENDER_COST_PER_PAGE} points).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={() => reRender.mutate()} disabled={reRender.isPending} className="w-full sm:w-auto">
          <RefreshCw className={reRender.isPending ? "animate-spin" : undefined} aria-hidden />
          {reRender.isPending ? "Starting..." : `Re-render for ${formatPoints(cost)}`}
        </Button>
      </CardContent>
    </Card>
  );
}
