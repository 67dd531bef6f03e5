import { format } from "date-fns";
import { Film } from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { Skeleton } from "../../../components/ui/skeleton";
import { useScreenplayRenders } from "../api/screenplays";
import { styleName } from "../utils/style-name";
import { RenderStatusBadge } from "../../../components/render-status-badge";

/** The screenplay's renders, each opening its render page. */
export function ScreenplayRenders({ screenplayId }: { screenplayId: string }) {
  const { data, isPending, isError, refetch } = useScreenplayRenders(screenplayId);

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Renderings</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="flex flex-col gap-2" aria-label="Loading renders" aria-busy>
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : isError ? (
          <EmptyState
            title="The renders could not be loaded."
            action={
              <Button variant="outline" size="sm" onClick={() => refetch()}>
                Try again
              </Button>
            }
          />
        ) : data.length === 0 ? (
          <EmptyState icon={Film} title="No renders yet" description="Create a render to turn this screenplay into a storyboard video." />
        ) : (
          <ul className="flex flex-col divide-y rounded-lg border" aria-label="Renders">
            {data.map((r) => (
              <li key={r.id}>
                <Link
                  to={`/renders/${r.id}`}
                  className="flex flex-col items-start gap-2 p-3 outline-none hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:flex-row sm:items-center sm:justify-between sm:gap-3"
                >
                  <div className="w-full min-w-0 sm:w-auto">
                    <p className="font-medium break-words sm:truncate" title={r.title}>
                      {r.title}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {[styleName(r.style), r.createdAt ? format(new Date(r.createdAt), "MMM d, yyyy") : ""].filter(Boolean).join(" · ")}
                    </p>
                  </div>
                  <RenderStatusBadge status={r.status} className="shrink-0" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
