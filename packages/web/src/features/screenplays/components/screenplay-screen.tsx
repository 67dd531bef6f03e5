import { format } from "date-fns";
import { AlertCircle, ArrowLeft, Clapperboard, ExternalLink, FileQuestion } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Link, useParams } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { PageSpinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api";
import { cn } from "../../../lib/utils";
import { useUser } from "../../../lib/user";
import { isProcessing, screenplayFileUrl, screenplayKeys, useScreenplay, useScreenplayRenders, type Screenplay } from "../api/screenplays";
import { CharactersPanel } from "./characters-panel";
import { DeleteScreenplayButton } from "./delete-screenplay-button";
import { ScreenplayProcessing } from "./screenplay-processing";
import { ScreenplayRenders } from "./screenplay-renders";
import { ScreenplayStatusBadge } from "./screenplay-status-badge";
import { formatPoints } from "../../../lib/numbers";

function BackToDashboard({ className }: { className?: string }) {
  return (
    <Button asChild variant="ghost" size="sm" className={cn("-ml-3 w-fit", className)}>
      <Link to="/dashboard">
        <ArrowLeft aria-hidden /> Dashboard
      </Link>
    </Button>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 font-medium break-words">{children}</dd>
    </div>
  );
}

/** When polling sees parsing end, the dashboard list's status badge must follow. */
function useRefreshListWhenParsed(status: string | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef(status);
  useEffect(() => {
    if (isProcessing(previous.current) && status && !isProcessing(status)) {
      void queryClient.invalidateQueries({ queryKey: screenplayKeys.list, exact: true });
    }
    previous.current = status;
  }, [status, queryClient]);
}

function ScreenplayDetails({ screenplay }: { screenplay: Screenplay }) {
  const ready = screenplay.status === "ready";
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Fact label="Pages">{ready && screenplay.pageCount != null ? screenplay.pageCount : "–"}</Fact>
          <Fact label="Estimated cost">{ready && screenplay.estimatedCost != null ? formatPoints(screenplay.estimatedCost) : "–"}</Fact>
          <Fact label="Uploaded">{format(new Date(screenplay.uploadedAt), "MMM d, yyyy")}</Fact>
          <Fact label="File">
            <a
              href={screenplayFileUrl(screenplay.id)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex max-w-full items-center gap-1 rounded-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <span className="truncate">View file</span>
              <ExternalLink className="size-3.5 shrink-0" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            <span className="block truncate text-xs font-normal text-muted-foreground" title={screenplay.originalFileName}>
              {screenplay.originalFileName}
            </span>
          </Fact>
        </dl>
      </CardContent>
    </Card>
  );
}

/** /screenplays/:id (docs/product.md#screenplays Screenplay detail). `extra` is what app/ composes in from other features (the drafts). */
export function ScreenplayScreen({ extra }: { extra?: (screenplay: Screenplay) => ReactNode } = {}) {
  const { id = "" } = useParams();
  const screenplay = useScreenplay(id);
  const renders = useScreenplayRenders(id);
  const { data: user } = useUser();
  useRefreshListWhenParsed(screenplay.data?.status);

  if (screenplay.isPending) return <PageSpinner label="Loading screenplay" />;
  if (screenplay.isError) {
    const notFound = screenplay.error instanceof ApiError && screenplay.error.status === 404;
    return (
      <div className="flex flex-col gap-6">
        <BackToDashboard />
        <EmptyState
          icon={notFound ? FileQuestion : AlertCircle}
          title={notFound ? "Screenplay not found" : "Could not load screenplay data..."}
          description={notFound ? "It may have been deleted, or it belongs to another account." : "Please try again in a moment."}
          action={
            <div className="flex flex-wrap justify-center gap-2">
              {!notFound && (
                <Button variant="outline" onClick={() => screenplay.refetch()}>
                  Try again
                </Button>
              )}
              <Button asChild>
                <Link to="/dashboard">Back to Dashboard</Link>
              </Button>
            </div>
          }
        />
      </div>
    );
  }

  const s = screenplay.data;
  const ready = s.status === "ready";
  const isOwner = !!user && user.id === s.userId;
  const hasRenders = s.renderCount > 0 || !renders.data || renders.data.length > 0;

  return (
    <div>
      <BackToDashboard className="mb-4" />
      <PageHeader
        title={<span className="break-words">{s.title}</span>}
        description={s.status !== "ready" ? <ScreenplayStatusBadge status={s.status} /> : undefined}
        actions={
          <>
            {ready ? (
              <Button asChild>
                <Link to={`/prep-render/${s.id}`}>
                  <Clapperboard aria-hidden /> Create New Render
                </Link>
              </Button>
            ) : (
              <Button disabled title="Available once the screenplay is processed">
                <Clapperboard aria-hidden /> Create New Render
              </Button>
            )}
            {isOwner && !hasRenders && <DeleteScreenplayButton id={s.id} title={s.title} />}
          </>
        }
      />
      <div className="flex flex-col gap-6">
        <ScreenplayProcessing screenplay={s} />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
            <ScreenplayDetails screenplay={s} />
            {extra?.(s)}
            <ScreenplayRenders screenplayId={s.id} />
          </div>
          <CharactersPanel screenplayId={s.id} characters={s.characterDictionary ?? {}} editable={ready} />
        </div>
      </div>
    </div>
  );
}
