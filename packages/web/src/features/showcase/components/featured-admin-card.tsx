import { Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { useFeaturedShowcase } from "../api/featured";
import { ADMIN_FEATURED_LIMIT, useAddFeatured, useRemoveFeatured } from "../api/featured-admin";

export function FeaturedAdminCard() {
  const [entryId, setEntryId] = useState("");
  const list = useFeaturedShowcase(ADMIN_FEATURED_LIMIT);
  const add = useAddFeatured();
  const remove = useRemoveFeatured();
  const id = entryId.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!id) {
      toast({ variant: "destructive", title: "Error", description: "Please enter a showcase entry ID" });
      return;
    }
    try {
      await add.mutateAsync(id);
      setEntryId("");
    } catch {
      // Toast shown by the mutation.
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Featured showcase</CardTitle>
        <CardDescription>The first three appear on the home page.</CardDescription>
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
        <div className="max-h-80 overflow-y-auto rounded-lg border">
          {list.isPending ? (
            <div className="flex flex-col gap-2 p-3">
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          ) : !list.data?.length ? (
            <p className="p-6 text-center text-sm text-muted-foreground">No featured entries yet</p>
          ) : (
            <ul className="divide-y">
              {list.data.map((entry) => (
                <li key={entry.showcaseEntryId} className="flex items-center justify-between gap-3 p-3">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{entry.title}</p>
                    <p className="truncate text-xs text-muted-foreground">
                      by {entry.displayName || "Anonymous"}
                      {entry.genre ? ` · ${entry.genre}` : ""}
                    </p>
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${entry.title} from featured`}
                    disabled={remove.isPending}
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
