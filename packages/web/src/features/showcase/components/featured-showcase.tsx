import { Clapperboard } from "lucide-react";
import { EmptyState } from "../../../components/ui/empty-state";
import { Skeleton } from "../../../components/ui/skeleton";
import { usePublicEnv } from "../../../config/env";
import { LANDING_FEATURED_LIMIT, useFeaturedShowcase } from "../api/featured";
import { FeaturedShowcaseCard } from "./featured-showcase-card";

/** Up to three featured entries for the landing page; any failure reads as "none yet". */
export function FeaturedShowcase() {
  const { data: entries, isPending, isError } = useFeaturedShowcase(LANDING_FEATURED_LIMIT);
  const { data: env } = usePublicEnv();

  if (isPending) {
    return (
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
        {Array.from({ length: LANDING_FEATURED_LIMIT }, (_, i) => (
          <Skeleton key={i} className="aspect-[4/5] w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (isError || !entries?.length) {
    return (
      <EmptyState
        icon={Clapperboard}
        title="No featured showcases available yet."
        description="Check back soon for creative screenplay visualizations!"
        className="bg-background"
      />
    );
  }
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {entries.slice(0, LANDING_FEATURED_LIMIT).map((entry) => (
        <FeaturedShowcaseCard key={entry.id ?? entry.showcaseEntryId} entry={entry} mediaPrefix={env?.AWS_S3_URL_PREFIX} />
      ))}
    </div>
  );
}
