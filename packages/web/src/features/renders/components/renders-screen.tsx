import { Film } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { PageHeader } from "../../../components/page-header";
import { paginate, Pager } from "../../../components/pager";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { Skeleton } from "../../../components/ui/skeleton";
import { useRenderList } from "../api/render-list";
import { RenderRow } from "../../../components/render-row";

/** Spec §9: renders are listed 5 per page. */
export const RENDERS_PAGE_SIZE = 5;

/** /renders: every render of the signed-in user, newest first. */
export function RendersScreen() {
  const { data, isPending, isError, refetch } = useRenderList();
  const [page, setPage] = useState(1);
  const renders = data ?? [];
  const { slice, pages, page: current } = paginate(renders, page, RENDERS_PAGE_SIZE);

  return (
    <div className="flex flex-col">
      <PageHeader title="Your Renders" description={data ? `${renders.length} ${renders.length === 1 ? "render" : "renders"}, newest first.` : undefined} />
      <Card className="py-0">
        <CardContent className="p-0">
          {isPending ? (
            <div className="flex flex-col gap-2 p-4" aria-label="Loading renders" aria-busy>
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-14 w-full" />
              ))}
            </div>
          ) : isError ? (
            <EmptyState
              className="m-4"
              title="Your renders could not be loaded."
              action={
                <Button variant="outline" size="sm" onClick={() => refetch()}>
                  Try again
                </Button>
              }
            />
          ) : slice.length === 0 ? (
            <EmptyState
              className="m-4"
              icon={Film}
              title="No renders yet"
              description="Open a screenplay and create a render to see it here."
              action={
                <Button asChild variant="outline" size="sm">
                  <Link to="/dashboard">Go to your screenplays</Link>
                </Button>
              }
            />
          ) : (
            <ul className="flex flex-col divide-y" aria-label="Renders">
              {slice.map((r) => (
                <RenderRow key={r.id} render={r} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Pager page={current} pages={pages} onPage={setPage} label="Render pages" />
    </div>
  );
}
