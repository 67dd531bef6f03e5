import { format } from "date-fns";
import { ArrowLeft, FileQuestion } from "lucide-react";
import { Link, useParams } from "react-router-dom";
import { Avatar, AvatarFallback } from "../../../components/ui/avatar";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { PageSpinner } from "../../../components/ui/spinner";
import { mediaUrl, usePublicEnv } from "../../../config/env";
import { initials } from "../../../lib/initials";
import { useShowcaseEntry } from "../api/showcase";
import { LOGLINE_FALLBACK } from "./featured-showcase-card";

/** /showcase/:id: one public storyboard. */
export function ShowcaseDetailScreen() {
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
  const video = mediaUrl(env?.AWS_S3_URL_PREFIX, entry.videoUrl);
  const poster = mediaUrl(env?.AWS_S3_URL_PREFIX, entry.posterUrl || entry.thumbnailUrl);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <Button asChild variant="ghost" size="sm" className="w-fit">
        <Link to="/showcase">
          <ArrowLeft /> All showcases
        </Link>
      </Button>
      <div className="overflow-hidden rounded-xl border bg-black">
        {video ? (
          <video controls preload="metadata" poster={poster} src={video} className="aspect-video w-full" />
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
        <h1 className="text-3xl font-bold tracking-tight">{entry.title}</h1>
        <p className="text-muted-foreground">{entry.logline?.trim() || LOGLINE_FALLBACK}</p>
        {!!entry.tags?.length && (
          <div className="flex flex-wrap gap-2">
            {entry.tags.map((t) => (
              <Badge key={t} variant="outline">
                {t}
              </Badge>
            ))}
          </div>
        )}
        <div className="flex items-center gap-3 pt-2">
          <Avatar>
            <AvatarFallback>{initials(entry.displayName)}</AvatarFallback>
          </Avatar>
          <div>
            <p className="text-sm font-medium">{entry.displayName || "Anonymous creator"}</p>
            <p className="text-xs text-muted-foreground">Showcased {format(new Date(entry.createdAt), "MMM d, yyyy")}</p>
          </div>
        </div>
      </div>
    </div>
  );
}
