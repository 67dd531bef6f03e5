import { Sparkles } from "lucide-react";
import { Link } from "react-router-dom";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { usePromoteToShowcase, useRenderEntry } from "../api/showcase";
import { CopyLinkButton } from "./copy-link-button";
import { ShowcaseForm } from "./showcase-form";

/** What the promotion form needs of a render (the render page passes it in). */
export interface PromotableRender {
  id: string;
  title: string;
  /** The render's block images, the thumbnail choices. */
  images: string[];
}

/**
 * The showcase promotion form on the render page (docs/product.md#showcase):
 * offered to `features` users for a finished render with a video; once
 * promoted it links to the entry instead.
 */
export function ShowcasePromotionCard({ render, defaultDisplayName, mediaPrefix }: { render: PromotableRender; defaultDisplayName?: string; mediaPrefix?: string }) {
  const { data: entry, isPending, isError } = useRenderEntry(render.id);
  const promote = usePromoteToShowcase();

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="size-5 text-primary" /> Showcase
        </CardTitle>
        <CardDescription>
          {entry ? "This storyboard is in the public showcase." : "Share this storyboard in the public showcase, where anyone can watch it and contact you."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : isError ? (
          <p className="text-sm text-muted-foreground">The showcase status could not be loaded. Refresh the page to try again.</p>
        ) : entry ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="truncate font-medium">{entry.title}</p>
              <p className="text-sm text-muted-foreground">
                {entry.genre} · <Badge variant={entry.isPublic === false ? "outline" : "secondary"}>{entry.isPublic === false ? "Hidden" : "Public"}</Badge>
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {entry.isPublic !== false && <CopyLinkButton showcaseEntryId={entry.id} />}
              <Button asChild>
                <Link to={`/showcase/${entry.id}`}>View in Showcase</Link>
              </Button>
            </div>
          </div>
        ) : (
          <ShowcaseForm
            defaultValues={{ title: render.title, displayName: defaultDisplayName ?? "" }}
            images={render.images}
            mediaPrefix={mediaPrefix}
            submitLabel="Promote to Showcase"
            pendingLabel="Promoting..."
            pending={promote.isPending}
            onSubmit={async (values) => {
              const { isPublic: _ignored, ...fields } = values;
              await promote.mutateAsync({ renderJobId: render.id, ...fields, thumbnailUrl: fields.thumbnailUrl ?? undefined }).catch(() => {
                // The mutation shows 'Promotion Failed'.
              });
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}
