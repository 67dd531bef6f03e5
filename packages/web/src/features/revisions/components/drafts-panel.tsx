import { format } from "date-fns";
import { ExternalLink, GitCompare, Trash2 } from "lucide-react";
import { Link } from "react-router-dom";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/api";
import { draftFileUrl, useDeleteDraft, useDrafts } from "../api/revisions";
import { RevisedDraftDialog } from "./revised-draft-dialog";

/** The screenplay page's drafts: each version with its date, pages and file; upload the next; see what changed. */
export function DraftsPanel({ screenplayId, onChanged }: { screenplayId: string; onChanged?: () => void }) {
  const drafts = useDrafts(screenplayId);
  const remove = useDeleteDraft(screenplayId);
  const list = drafts.data ?? [];
  const [latest, previous] = list;

  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Drafts</CardTitle>
        <div className="flex flex-wrap gap-2">
          {latest && previous && (
            <Button asChild variant="outline">
              <Link to={`/screenplays/${screenplayId}/changes?from=${previous.version}&to=${latest.version}`}>
                <GitCompare aria-hidden /> What changed
              </Link>
            </Button>
          )}
          <RevisedDraftDialog screenplayId={screenplayId} onChanged={onChanged} />
        </div>
      </CardHeader>
      <CardContent>
        {drafts.isError && <p className="text-sm text-destructive">Could not load the drafts. {errorMessage(drafts.error)}</p>}
        <ul className="divide-y">
          {list.map((d) => (
            <li key={d.version} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium">
                  Draft {d.version} {d.current && <Badge variant="secondary">Current</Badge>}
                </p>
                <p className="text-xs text-muted-foreground">
                  {format(new Date(d.uploadedAt), "MMM d, yyyy")} · {d.pageCount} {d.pageCount === 1 ? "page" : "pages"} · {d.renderCount}{" "}
                  {d.renderCount === 1 ? "render" : "renders"}
                </p>
              </div>
              <div className="flex items-center gap-1">
                <Button asChild variant="ghost" size="sm">
                  <a href={draftFileUrl(screenplayId, d.version)} target="_blank" rel="noopener noreferrer" title={d.originalFileName}>
                    <ExternalLink aria-hidden /> File<span className="sr-only"> of draft {d.version} (opens in a new tab)</span>
                  </a>
                </Button>
                {!d.current && (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={remove.isPending}
                    aria-label={`Delete draft ${d.version}`}
                    onClick={() =>
                      remove.mutate(d.version, {
                        onError: (error) => toast({ variant: "destructive", title: "Draft not deleted", description: errorMessage(error) }),
                      })
                    }
                  >
                    <Trash2 aria-hidden />
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
