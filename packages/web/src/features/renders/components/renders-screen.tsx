import { useState } from "react";
import { Link } from "react-router-dom";
import { PageHeader } from "../../../components/page-header";
import { paginate, Pager } from "../../../components/pager";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { useRenderList } from "../api/render-list";
import { RenderList } from "../../../components/render-row";

/** docs/product.md#constants: renders are listed 5 per page. */
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
      <Card>
        <CardContent>
          <RenderList
            className="m-4"
            renders={isPending || isError ? undefined : slice}
            isPending={isPending}
            isError={isError}
            onRetry={() => void refetch()}
            empty={{
              description: "Open a screenplay and create a render to see it here.",
              action: (
                <Button asChild variant="outline" size="sm">
                  <Link to="/dashboard">Go to your screenplays</Link>
                </Button>
              ),
            }}
          />
        </CardContent>
      </Card>
      <Pager page={current} pages={pages} onPage={setPage} label="Render pages" />
    </div>
  );
}
