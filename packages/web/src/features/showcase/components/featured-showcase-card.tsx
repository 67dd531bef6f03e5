import { Film, Play } from "lucide-react";
import { Link } from "react-router-dom";
import { Avatar, AvatarFallback } from "../../../components/ui/avatar";
import { Badge } from "../../../components/ui/badge";
import { Card } from "../../../components/ui/card";
import { mediaUrl } from "../../../config/env";
import { initials } from "../../../lib/initials";
import type { FeaturedShowcaseEntry } from "../api/featured";

export const LOGLINE_FALLBACK = "A creative screenplay visualization.";

type CardEntry = Omit<FeaturedShowcaseEntry, "showcaseEntryId"> & { showcaseEntryId?: string };

/** One entry as a card: the landing page, the featured strip and the explore grid. */
export function FeaturedShowcaseCard({ entry, mediaPrefix, label = "Featured showcase", compact = false }: { entry: CardEntry; mediaPrefix?: string; label?: string; compact?: boolean }) {
  const image = mediaUrl(mediaPrefix, entry.thumbnailUrl || entry.posterUrl);
  const href = `/showcase/${entry.showcaseEntryId ?? entry.id}`;
  return (
    <Card className="group gap-0 overflow-hidden py-0 transition-shadow hover:shadow-md">
      <Link to={href} tabIndex={-1} aria-hidden className="relative block aspect-video overflow-hidden bg-muted">
        {image ? (
          <img src={image} alt="" loading="lazy" className="size-full object-cover transition-transform duration-300 group-hover:scale-105" />
        ) : (
          <div className="flex size-full items-center justify-center bg-gradient-to-br from-primary/15 via-muted to-muted">
            <Film className="size-10 text-muted-foreground" />
          </div>
        )}
        {entry.videoUrl && (
          <span className="absolute inset-0 flex items-center justify-center bg-black/0 transition-colors group-hover:bg-black/25">
            <span className="flex size-12 items-center justify-center rounded-full bg-black/55 text-white backdrop-blur">
              <Play className="ml-0.5 size-5 fill-current" />
            </span>
          </span>
        )}
      </Link>
      <div className={compact ? "flex flex-1 flex-col gap-2 p-4" : "flex flex-1 flex-col gap-3 p-5"}>
        {entry.genre && (
          <Badge variant="secondary" className="w-fit">
            {entry.genre}
          </Badge>
        )}
        <h3 className={compact ? "leading-snug font-semibold" : "text-lg leading-snug font-semibold"}>
          <Link to={href} className="rounded-sm outline-none hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50">
            {entry.title}
          </Link>
        </h3>
        <p className={compact ? "line-clamp-2 text-sm text-muted-foreground" : "line-clamp-3 text-sm text-muted-foreground"}>{entry.logline?.trim() || LOGLINE_FALLBACK}</p>
        <div className="mt-auto flex items-center gap-2 pt-2">
          <Avatar className="size-7">
            <AvatarFallback className="text-[0.65rem]">{initials(entry.displayName)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0">
            <p className="truncate text-sm font-medium">{entry.displayName || "Anonymous creator"}</p>
            <p className="text-xs text-muted-foreground">{label}</p>
          </div>
        </div>
      </div>
    </Card>
  );
}
