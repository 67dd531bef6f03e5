import { formatDistanceToNow } from "date-fns";
import { FileText, Upload } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { paginate, Pager } from "../../../components/pager";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { Skeleton } from "../../../components/ui/skeleton";
import { useScreenplays, type ScreenplaySummary } from "../api/screenplays";
import { truncateTitle } from "../../../lib/truncate-title";
import { ScreenplayStatusBadge } from "./screenplay-status-badge";

/** docs/product.md#constants: recent screenplays, 4 per page. */
export const RECENT_SCREENPLAYS_PAGE_SIZE = 4;

function uploadedAgo(uploadedAt: string): string {
  const date = new Date(uploadedAt);
  return Number.isNaN(date.getTime()) ? "" : `Uploaded ${formatDistanceToNow(date, { addSuffix: true })}`;
}

function ScreenplayRow({ screenplay }: { screenplay: ScreenplaySummary }) {
  return (
    <li className="flex items-center justify-between gap-3 p-3">
      <div className="flex min-w-0 items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted">
          <FileText className="size-4 text-muted-foreground" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="font-medium break-words sm:truncate" title={screenplay.title}>
            <span className="sm:hidden">{truncateTitle(screenplay.title)}</span>
            <span className="hidden sm:inline">{screenplay.title}</span>
          </p>
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <p className="text-xs text-muted-foreground">{uploadedAgo(screenplay.uploadedAt)}</p>
            {screenplay.status !== "ready" && <ScreenplayStatusBadge status={screenplay.status} />}
          </div>
        </div>
      </div>
      <Button asChild variant="outline" size="sm">
        <Link to={`/screenplays/${screenplay.id}`} aria-label={`View ${screenplay.title}`}>
          View
        </Link>
      </Button>
    </li>
  );
}

/** The dashboard's Recent Screenplays card: newest first, paged 4 at a time. */
export function RecentScreenplays({ onUpload }: { onUpload?: () => void }) {
  const { data, isPending, isError, refetch } = useScreenplays();
  const [page, setPage] = useState(1);
  const { slice, pages, page: current } = paginate(data ?? [], page, RECENT_SCREENPLAYS_PAGE_SIZE);

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Recent Screenplays</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {isPending ? (
          <div className="flex flex-col gap-2" aria-label="Loading screenplays" aria-busy>
            {Array.from({ length: RECENT_SCREENPLAYS_PAGE_SIZE }, (_, i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : isError ? (
          <EmptyState
            title="Your screenplays could not be loaded."
            action={
              <Button variant="outline" size="sm" onClick={() => refetch()}>
                Try again
              </Button>
            }
          />
        ) : slice.length === 0 ? (
          <EmptyState
            icon={FileText}
            title="No screenplays yet"
            description="Upload your first screenplay to start turning it into a storyboard."
            action={
              onUpload && (
                <Button onClick={onUpload}>
                  <Upload aria-hidden /> Upload Screenplay
                </Button>
              )
            }
          />
        ) : (
          <>
            <ul className="flex flex-col divide-y rounded-lg border" aria-label="Screenplays">
              {slice.map((s) => (
                <ScreenplayRow key={s.id} screenplay={s} />
              ))}
            </ul>
            <Pager page={current} pages={pages} onPage={setPage} label="Screenplay pages" />
          </>
        )}
      </CardContent>
    </Card>
  );
}
