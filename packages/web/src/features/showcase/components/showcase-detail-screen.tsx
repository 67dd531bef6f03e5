import { format } from "date-fns";
import { getAspect } from "@storyboard/core/catalog/aspects";
import { ArrowLeft, EyeOff, FileQuestion } from "lucide-react";
import { Link, useParams } from "react-router-dom";
import { Avatar, AvatarFallback } from "../../../components/ui/avatar";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { PageSpinner } from "../../../components/ui/spinner";
import { mediaUrl, usePublicEnv } from "../../../config/env";
import { initials } from "../../../lib/initials";
import { useShowcaseEntry } from "../api/showcase";
import { ContactCreatorDialog } from "./contact-dialog";
import { CopyLinkButton } from "./copy-link-button";
import { EditShowcaseDialog } from "./edit-showcase-dialog";
import { LOGLINE_FALLBACK } from "./featured-showcase-card";
import { OtherWorks } from "./other-works";
import { ReportEntryDialog } from "./report-dialog";

/**
 * /showcase/:id: one storyboard (docs/product.md#showcase). `signedIn` comes
 * from the route, which knows the session; the entry says whether the viewer owns it.
 */
export function ShowcaseDetailScreen({ signedIn = false }: { signedIn?: boolean }) {
  const { id = "" } = useParams();
  const { data: entry, isPending, isError } = useShowcaseEntry(id);
  const { data: env } = usePublicEnv();

  if (isPending) return <PageSpinner />;
  if (isError || !entry) {
    return (
      <EmptyState
        icon={FileQuestion}
        title="Showcase Entry Not Found"
        description="This showcase entry doesn't exist or has been removed."
        action={
          <Button asChild variant="outline">
            <Link to="/showcase">Browse showcases</Link>
          </Button>
        }
      />
    );
  }
  const prefix = env?.AWS_S3_URL_PREFIX;
  const video = mediaUrl(prefix, entry.videoUrl);
  const poster = mediaUrl(prefix, entry.thumbnailUrl || entry.posterUrl);
  const creatorName = entry.displayName || "Anonymous creator";
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <Button asChild variant="ghost" size="sm" className="w-fit">
        <Link to="/showcase">
          <ArrowLeft /> All showcases
        </Link>
      </Button>
      {entry.heldByModeration ? (
        <p role="status" className="flex items-center gap-2 rounded-md border border-destructive/50 px-3 py-2 text-sm text-destructive">
          <EyeOff className="size-4" /> Hidden by moderation. An admin must review this entry before it can be public again.
        </p>
      ) : entry.isPublic === false && (
        <p className="flex items-center gap-2 rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground">
          <EyeOff className="size-4" /> Only you can see this entry. Make it public in Edit Showcase.
        </p>
      )}
      <div className="overflow-hidden rounded-xl border bg-black">
        {video ? (
          <video
            controls
            preload="metadata"
            poster={poster}
            src={video}
            className="mx-auto w-full object-contain"
            // A 9:16 entry plays upright, at most 80 % of the window's height.
            style={{ aspectRatio: `${getAspect(entry.aspect).width} / ${getAspect(entry.aspect).height}`, maxHeight: "80vh" }}
            aria-label={`${entry.title} storyboard video`}
          />
        ) : (
          <div className="flex aspect-video items-center justify-center text-sm text-white/70">No video available</div>
        )}
      </div>
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap gap-2">
          {entry.genre && <Badge>{entry.genre}</Badge>}
          {entry.subgenres?.map((s) => (
            <Badge key={s} variant="secondary">
              {s}
            </Badge>
          ))}
        </div>
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{entry.title}</h1>
        <p className="text-muted-foreground">{entry.logline?.trim() || LOGLINE_FALLBACK}</p>
        {!!entry.tags?.length && (
          <ul aria-label="Tags" className="flex flex-wrap gap-2">
            {entry.tags.map((t) => (
              <li key={t}>
                <Badge variant="outline">{t}</Badge>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-col gap-4 pt-2 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-3">
            <Avatar>
              <AvatarFallback>{initials(entry.displayName)}</AvatarFallback>
            </Avatar>
            <div>
              <p className="text-sm font-medium">{creatorName}</p>
              <p className="text-xs text-muted-foreground">Showcased {format(new Date(entry.createdAt), "MMM d, yyyy")}</p>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {entry.isPublic !== false && <CopyLinkButton showcaseEntryId={entry.id} />}
            {entry.isOwner && <EditShowcaseDialog entry={entry} mediaPrefix={prefix} />}
            {signedIn && !entry.isOwner && <ContactCreatorDialog creatorId={entry.userId} showcaseEntryId={entry.id} creatorName={creatorName} />}
          </div>
        </div>
        {signedIn && !entry.isOwner && (
          <div className="flex justify-end">
            <ReportEntryDialog showcaseEntryId={entry.id} />
          </div>
        )}
      </div>
      <OtherWorks userId={entry.userId} excludeId={entry.id} creatorName={creatorName} mediaPrefix={prefix} />
    </div>
  );
}
