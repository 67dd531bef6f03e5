import { ArrowRight, Film } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { paginate, Pager } from "../../../components/pager";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { Skeleton } from "../../../components/ui/skeleton";
import { useRenderList } from "../../renders/api/render-list";
import { RenderRow } from "../../../components/render-row";
import { truncateTitle } from "../../screenplays/utils/truncate-title";

/** Spec §9: recent renders, 5 per page; 'Show All' appears above that many. */
export const RECENT_RENDERS_PAGE_SIZE = 5;

/** The dashboard's Recent Renders card: newest first, each row opens the render. */
export function RecentRenders() {
  const { data, isPending, isError, refetch } = useRenderList();
  const [page, setPage] = useState(1);
  const renders = data ?? [];
  const { slice, pages, page: current } = paginate(renders, page, RECENT_RENDERS_PAGE_SIZE);

  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>Recent Renders</CardTitle>
        {renders.length > RECENT_RENDERS_PAGE_SIZE && (
          <Button asChild variant="link" size="sm" className="h-auto p-0">
            <Link to="/renders">
              Show All <ArrowRight aria-hidden />
            </Link>
          </Button>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {isPending ? (
          <div className="flex flex-col gap-2" aria-label="Loading renders" aria-busy>
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : isError ? (
          <EmptyState
            title="Your renders could not be loaded."
            action={
              <Button variant="outline" size="sm" onClick={() => refetch()}>
                Try again
              </Button>
            }
          />
        ) : slice.length === 0 ? (
          <EmptyState icon={Film} title="No renders yet" description="Open a screenplay and create a render to see it here." />
        ) : (
          <>
            <ul className="flex flex-col divide-y rounded-lg border" aria-label="Renders">
              {slice.map((r) => (
                <RenderRow key={r.id} render={r} mobileTitle={truncateTitle(r.title)} />
              ))}
            </ul>
            <Pager page={current} pages={pages} onPage={setPage} label="Render pages" />
          </>
        )}
      </CardContent>
    </Card>
  );
}
