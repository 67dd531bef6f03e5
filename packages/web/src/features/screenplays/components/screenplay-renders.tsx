import { Film } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { Skeleton } from "../../../components/ui/skeleton";
import { useScreenplayRenders } from "../api/screenplays";
import { RenderRow } from "../../../components/render-row";

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
              <RenderRow key={r.id} render={r} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
