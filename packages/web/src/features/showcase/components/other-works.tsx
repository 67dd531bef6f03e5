import { Skeleton } from "../../../components/ui/skeleton";
import { SHOWCASE_LIMITS } from "@storyboard/core/showcase/limits";
import { useCreatorEntries } from "../api/showcase";
import { FeaturedShowcaseCard } from "./featured-showcase-card";

/** Other works by the creator: fetch 6, show 3 and count the rest (docs/product.md#constants). */
export function OtherWorks({
  userId,
  excludeId,
  creatorName,
  mediaPrefix,
}: {
  userId: string;
  excludeId: string;
  creatorName: string;
  mediaPrefix?: string;
}) {
  const { data, isPending, isError } = useCreatorEntries(userId, excludeId);
  if (isError || (!isPending && !data.length)) return null;
  const shown = data?.slice(0, SHOWCASE_LIMITS.otherWorksShown) ?? [];
  const more = (data?.length ?? 0) - shown.length;
  return (
    <section aria-labelledby="other-works-heading" className="flex flex-col gap-4 border-t pt-6">
      <h2 id="other-works-heading" className="text-lg font-semibold">
        More by {creatorName}
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        {isPending
          ? Array.from({ length: SHOWCASE_LIMITS.otherWorksShown }, (_, i) => <Skeleton key={i} className="aspect-[4/5] rounded-xl" />)
          : shown.map((entry) => <FeaturedShowcaseCard key={entry.id} entry={entry} mediaPrefix={mediaPrefix} label="Showcase" compact />)}
      </div>
      {more > 0 && (
        <p className="text-sm text-muted-foreground">
          and {more} more {more === 1 ? "work" : "works"} by this creator
        </p>
      )}
    </section>
  );
}
