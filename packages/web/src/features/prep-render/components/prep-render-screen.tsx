import { AlertCircle, ArrowLeft, FileQuestion } from "lucide-react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { PageSpinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api";
import { useScreenplayForRender } from "../api/prep-render";
import { PrepRenderForm } from "./prep-render-form";

/** /prep-render/:id: the settings of a new render of one screenplay (docs/product.md#renders Prepare render). */
export function PrepRenderScreen() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { data: screenplay, isPending, isError, error, refetch } = useScreenplayForRender(id);
  const back = `/screenplays/${id}`;

  if (isPending) return <PageSpinner label="Loading screenplay" />;
  if (isError || !screenplay) {
    // Another account's screenplay answers 404 like a deleted one: say it is not found, not that loading failed.
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <EmptyState
        icon={notFound ? FileQuestion : AlertCircle}
        title={notFound ? "Screenplay not found" : "Could not load screenplay data..."}
        description={notFound ? "It may have been deleted, or it belongs to another account." : "Please try again in a moment."}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {!notFound && (
              <Button variant="outline" onClick={() => refetch()}>
                Try again
              </Button>
            )}
            <Button asChild variant={notFound ? "default" : "outline"}>
              <Link to="/screenplays">Back to Screenplays</Link>
            </Button>
          </div>
        }
      />
    );
  }
  const pages = screenplay.pageCount ?? 0;
  return (
    <div className="flex flex-col">
      <Button asChild variant="ghost" size="sm" className="mb-2 -ml-2 w-fit">
        <Link to={back}>
          <ArrowLeft aria-hidden /> Back
        </Link>
      </Button>
      <PageHeader
        title="Prepare Render"
        description={
          <>
            <span className="font-medium text-foreground">{screenplay.title}</span>
            {pages > 0 && ` · ${pages} ${pages === 1 ? "page" : "pages"}`}
          </>
        }
      />
      <PrepRenderForm screenplay={screenplay} onCancel={() => navigate(back)} />
    </div>
  );
}
