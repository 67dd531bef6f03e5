import { formatDistanceToNow } from "date-fns";
import { Link } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { useLiftHold, useShowcaseHolds } from "../api/featured";

/** Admin Fixes: entries an admin unpublished, held hidden until one is lifted (docs/product.md#showcase). */
export function ShowcaseHoldsCard() {
  const holds = useShowcaseHolds();
  const lift = useLiftHold();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Held showcase entries</CardTitle>
        <CardDescription>Unpublished by an admin. Their owners cannot make them public until the hold is lifted.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="max-h-96 overflow-y-auto rounded-md border">
          {holds.isPending ? (
            <div className="grid gap-2 p-3" aria-busy="true">
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          ) : holds.isError ? (
            <p className="p-4 text-center text-sm text-muted-foreground">Held entries could not be loaded.</p>
          ) : !holds.data.length ? (
            <p className="p-4 text-center text-sm text-muted-foreground">No held entries</p>
          ) : (
            <ul className="divide-y">
              {holds.data.map((h) => (
                <li key={h.showcaseEntryId} className="flex items-center justify-between gap-2 p-3">
                  <div className="min-w-0">
                    <Link to={`/showcase/${h.showcaseEntryId}`} className="block truncate text-sm font-medium hover:underline">
                      {h.title}
                    </Link>
                    <p className="text-xs text-muted-foreground">
                      {h.displayName} · held {formatDistanceToNow(new Date(h.heldAt), { addSuffix: true })}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={lift.isPending && lift.variables === h.showcaseEntryId}
                    onClick={() => lift.mutate(h.showcaseEntryId)}
                  >
                    Lift
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
