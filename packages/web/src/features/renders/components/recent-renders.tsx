import { ArrowRight } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { paginate, Pager } from "../../../components/pager";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { useRenderList } from "../api/render-list";
import { RenderList } from "../../../components/render-row";
import { truncateTitle } from "../../../lib/truncate-title";

/** docs/product.md#constants: recent renders, 5 per page; 'Show All' appears above that many. */
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
        <RenderList
          renders={isPending || isError ? undefined : slice}
          isPending={isPending}
          isError={isError}
          onRetry={() => void refetch()}
          empty={{ description: "Open a screenplay and create a render to see it here." }}
          mobileTitle={truncateTitle}
        />
        {!isPending && !isError && <Pager page={current} pages={pages} onPage={setPage} label="Render pages" />}
      </CardContent>
    </Card>
  );
}
