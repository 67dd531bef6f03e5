import { formatDistanceToNow } from "date-fns";
import { Link } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { useResolveReport, useShowcaseReports } from "../api/featured";

/** Admin Fixes: open reports of showcase entries, each with Unpublish and Dismiss. */
export function ShowcaseReportsCard() {
  const reports = useShowcaseReports();
  const resolve = useResolveReport();
  const busy = (id: string) => resolve.isPending && resolve.variables?.id === id;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reported showcases</CardTitle>
        <CardDescription>Entries viewers reported. Unpublishing hides the entry from everyone but its owner.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="max-h-96 overflow-y-auto rounded-md border">
          {reports.isPending ? (
            <div className="grid gap-2 p-3" aria-busy="true">
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          ) : reports.isError ? (
            <p className="p-4 text-center text-sm text-muted-foreground">Reports could not be loaded.</p>
          ) : !reports.data.length ? (
            <p className="p-4 text-center text-sm text-muted-foreground">No open reports</p>
          ) : (
            <ul className="divide-y">
              {reports.data.map((r) => (
                <li key={r.id} className="flex flex-col gap-2 p-3">
                  <div className="min-w-0">
                    <Link to={`/showcase/${r.showcaseEntryId}`} className="block truncate text-sm font-medium hover:underline">
                      {r.entry?.title ?? r.showcaseEntryId}
                    </Link>
                    <p className="text-xs text-muted-foreground">
                      {r.reasonLabel} · {formatDistanceToNow(new Date(r.createdAt), { addSuffix: true })}
                      {r.entry && !r.entry.isPublic ? " · already hidden" : ""}
                    </p>
                    {r.message && <p className="mt-1 text-sm break-words">{r.message}</p>}
                  </div>
                  <div className="flex gap-2">
                    <Button size="sm" variant="destructive" disabled={busy(r.id)} onClick={() => resolve.mutate({ id: r.id, action: "unpublish" })}>
                      Unpublish
                    </Button>
                    <Button size="sm" variant="outline" disabled={busy(r.id)} onClick={() => resolve.mutate({ id: r.id, action: "dismiss" })}>
                      Dismiss
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
