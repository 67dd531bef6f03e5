import { SHOWCASE_MESSAGES } from "@storyboard/core/showcase/limits";
import { Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { ADMIN_FEATURED_LIMIT, useAddFeatured, useFeaturedShowcase, useRemoveFeatured } from "../api/featured";

/** Admin Fixes: the featured showcase list (docs/product.md#admin). */
export function FeaturedAdminCard() {
  const [entryId, setEntryId] = useState("");
  const id = entryId.trim();
  const list = useFeaturedShowcase(ADMIN_FEATURED_LIMIT);
  const add = useAddFeatured();
  const remove = useRemoveFeatured();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!id) {
      toast({ variant: "destructive", title: "Error", description: SHOWCASE_MESSAGES.featuredIdRequired });
      return;
    }
    add.mutate(id, { onSuccess: () => setEntryId("") });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Featured showcase</CardTitle>
        <CardDescription>Entries shown on the landing page and at the top of Explore.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid flex-1 gap-2">
            <Label htmlFor="featured-entry-id">Showcase entry ID</Label>
            <Input id="featured-entry-id" value={entryId} onChange={(e) => setEntryId(e.target.value)} className="font-mono" />
          </div>
          <Button type="submit" disabled={!id || add.isPending}>
            {add.isPending ? "Adding..." : "Add to Featured Showcase"}
          </Button>
        </form>
        <div className="max-h-80 overflow-y-auto rounded-md border" aria-label="Featured entries">
          {list.isPending ? (
            <ul className="divide-y" aria-busy="true">
              {Array.from({ length: 3 }, (_, i) => (
                <li key={i} className="flex items-center gap-3 p-3">
                  <div className="grid flex-1 gap-2">
                    <Skeleton className="h-4 w-2/3" />
                    <Skeleton className="h-3 w-1/3" />
                  </div>
                  <Skeleton className="size-8" />
                </li>
              ))}
            </ul>
          ) : list.isError ? (
            <p className="p-4 text-center text-sm text-muted-foreground">The featured list could not be loaded.</p>
          ) : !list.data.length ? (
            <p className="p-4 text-center text-sm text-muted-foreground">No featured entries yet</p>
          ) : (
            <ul className="divide-y">
              {list.data.map((entry) => (
                <li key={entry.showcaseEntryId} className="flex items-center gap-3 p-3">
                  <div className="min-w-0 flex-1">
                    <Link to={`/showcase/${entry.showcaseEntryId}`} className="block truncate text-sm font-medium hover:underline">
                      {entry.title}
                    </Link>
                    <p className="truncate text-xs text-muted-foreground">
                      by {entry.displayName || "Anonymous creator"}
                      {entry.genre ? ` · ${entry.genre}` : ""}
                    </p>
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${entry.title} from featured`}
                    disabled={remove.isPending && remove.variables === entry.showcaseEntryId}
                    onClick={() => remove.mutate(entry.showcaseEntryId)}
                  >
                    <Trash2 />
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
