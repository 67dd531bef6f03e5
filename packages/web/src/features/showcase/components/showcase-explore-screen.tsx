import { Clapperboard, Search } from "lucide-react";
import { useState } from "react";
import { Pager } from "../../../components/pager";
import { PageHeader } from "../../../components/page-header";
import { EmptyState } from "../../../components/ui/empty-state";
import { Input } from "../../../components/ui/input";
import { Skeleton } from "../../../components/ui/skeleton";
import { usePublicEnv } from "../../../config/env";
import { useShowcaseSearch } from "../api/showcase";
import { FeaturedShowcaseCard } from "./featured-showcase-card";

/** /showcase and /showcase/search: browse public storyboards. */
export function ShowcaseExploreScreen() {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useShowcaseSearch({ page, search: search.trim() });
  const { data: env } = usePublicEnv();

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Explore Showcases" description="Storyboards that writers have chosen to share." />
      <div className="relative max-w-xl">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          aria-label="Search showcases"
          placeholder="Search by title, logline or creator"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          className="h-10 pl-9"
        />
      </div>
      {isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="aspect-[4/5] rounded-xl" />
          ))}
        </div>
      ) : isError || !data.entries.length ? (
        <EmptyState
          icon={Clapperboard}
          title={isError ? "Showcases could not be loaded." : "No showcases found."}
          description={isError ? "Please refresh the page to try again." : "Try a different search."}
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {data.pagination.total} {data.pagination.total === 1 ? "result" : "results"}
          </p>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.entries.map((entry) => (
              <FeaturedShowcaseCard
                key={entry.id}
                entry={{ ...entry, showcaseEntryId: entry.id }}
                mediaPrefix={env?.AWS_S3_URL_PREFIX}
              />
            ))}
          </div>
          <Pager page={page} pages={data.pagination.pages} onPage={setPage} label="Showcase pages" />
        </>
      )}
    </div>
  );
}
