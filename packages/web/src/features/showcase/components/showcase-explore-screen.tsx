import { commaList } from "@storyboard/core/showcase/limits";
import { ChevronDown, Clapperboard, SlidersHorizontal, X } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { Skeleton } from "../../../components/ui/skeleton";
import { usePublicEnv } from "../../../config/env";
import { FEATURED_STRIP_LIMIT, useFeaturedShowcase } from "../api/featured";
import { SHOWCASE_PAGE_SIZE, type ShowcaseFilters, useShowcaseSearch } from "../api/showcase";
import { FeaturedShowcaseCard } from "./featured-showcase-card";
import { PageNumbers } from "./page-numbers";
import { ShowcaseFilterPanel } from "./showcase-filters";

const SEARCH_DELAY_MS = 300;

const filtersOf = (params: URLSearchParams): ShowcaseFilters => ({
  search: params.get("search") ?? "",
  genre: params.get("genre") ?? "",
  subgenres: commaList(params.get("subgenres")),
  tags: commaList(params.get("tags")),
});

/** Filters live in the address (`?search=&genre=&subgenres=&tags=&page=`), so a filtered view can be shared. */
function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const page = Math.max(1, Number(params.get("page")) || 1);
  // Merged into the address as it is when the change applies, not as this render saw it: the typing
  // delay's timer can fire after "Clear filters", and must not bring the cleared filters back.
  const update = (next: Partial<ShowcaseFilters> & { page?: number }) =>
    setParams(
      (current) => {
        const merged = { ...filtersOf(current), page: 1, ...next };
        const out = new URLSearchParams();
        if (merged.search) out.set("search", merged.search);
        if (merged.genre) out.set("genre", merged.genre);
        if (merged.subgenres.length) out.set("subgenres", merged.subgenres.join(","));
        if (merged.tags.length) out.set("tags", merged.tags.join(","));
        if (merged.page > 1) out.set("page", String(merged.page));
        return out;
      },
      { replace: true },
    );
  return { filters, page, update };
}

/** /showcase and /showcase/search: browse public storyboards (docs/product.md#showcase). */
export function ShowcaseExploreScreen() {
  const { filters, page, update } = useFilterParams();
  const [searchText, setSearchText] = useState(filters.search);
  const [panelOpen, setPanelOpen] = useState(false);
  const { data, isPending, isError, isFetching } = useShowcaseSearch({ ...filters, page });
  const featured = useFeaturedShowcase(FEATURED_STRIP_LIMIT);
  const { data: env } = usePublicEnv();

  // Typing waits a moment before it searches; the address follows.
  useEffect(() => {
    if (searchText.trim() === filters.search) return;
    const timer = setTimeout(() => update({ search: searchText.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchText]);

  const chips = useMemo(
    () => [
      ...(filters.search
        ? [{ key: "search", label: `“${filters.search}”`, remove: () => (setSearchText(""), update({ search: "" })) }]
        : []),
      ...(filters.genre ? [{ key: "genre", label: filters.genre, remove: () => update({ genre: "", subgenres: [] }) }] : []),
      ...filters.subgenres.map((s) => ({
        key: `sub-${s}`,
        label: s,
        remove: () => update({ subgenres: filters.subgenres.filter((x) => x !== s) }),
      })),
      ...filters.tags.map((t) => ({ key: `tag-${t}`, label: t, remove: () => update({ tags: filters.tags.filter((x) => x !== t) }) })),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filters.search, filters.genre, filters.subgenres.join(), filters.tags.join()],
  );
  const clearAll = () => {
    setSearchText("");
    update({ search: "", genre: "", subgenres: [], tags: [] });
  };
  const total = data?.pagination.total ?? 0;
  const panel = <ShowcaseFilterPanel filters={filters} searchText={searchText} onSearchText={setSearchText} onChange={update} />;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Explore Showcases"
        description="Storyboards that writers have chosen to share. Search by title, or narrow them by genre, subgenre and tags."
      />

      {!!featured.data?.length && (
        <section aria-labelledby="featured-strip-heading" className="hidden flex-col gap-3 lg:flex">
          <h2 id="featured-strip-heading" className="text-lg font-semibold">
            Featured
          </h2>
          <div className="grid grid-cols-4 gap-4">
            {featured.data.slice(0, FEATURED_STRIP_LIMIT).map((entry) => (
              <FeaturedShowcaseCard key={entry.showcaseEntryId} entry={entry} mediaPrefix={env?.AWS_S3_URL_PREFIX} compact />
            ))}
          </div>
        </section>
      )}

      <div className="lg:hidden">
        <Button
          variant="outline"
          className="w-full justify-between"
          aria-expanded={panelOpen}
          aria-controls="showcase-filter-panel"
          onClick={() => setPanelOpen((o) => !o)}
        >
          <span className="flex items-center gap-2">
            <SlidersHorizontal /> Filters{chips.length ? ` (${chips.length})` : ""}
          </span>
          <ChevronDown className={panelOpen ? "rotate-180 transition-transform" : "transition-transform"} />
        </Button>
        {panelOpen && (
          <div id="showcase-filter-panel" className="mt-3 rounded-lg border p-4">
            {panel}
          </div>
        )}
      </div>

      <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside aria-label="Filters" className="hidden lg:block">
          {panel}
        </aside>

        <div className="flex min-h-[34rem] min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <p className="mr-auto text-sm text-muted-foreground" aria-live="polite">
              {isPending ? "Searching..." : `${total} ${total === 1 ? "showcase" : "showcases"} found`}
            </p>
            {chips.map((chip) => (
              <Button
                key={chip.key}
                variant="secondary"
                size="sm"
                className="h-7 rounded-full"
                onClick={chip.remove}
                aria-label={`Remove filter ${chip.label}`}
              >
                {chip.label} <X className="size-3" />
              </Button>
            ))}
            {chips.length > 0 && (
              <Button variant="ghost" size="sm" className="h-7" onClick={clearAll}>
                Clear filters
              </Button>
            )}
          </div>

          {isPending ? (
            // One row of placeholders: the results box keeps its height whatever arrives, so the page does not jump.
            <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {["", "hidden sm:block", "hidden xl:block"].map((visibility, i) => (
                <Skeleton key={i} className={`aspect-[4/5] rounded-xl ${visibility}`} />
              ))}
            </div>
          ) : isError ? (
            <EmptyState icon={Clapperboard} title="Showcases could not be loaded" description="Please try again in a moment." />
          ) : !data.entries.length ? (
            <EmptyState
              icon={Clapperboard}
              title={chips.length ? "No showcases match these filters" : "No showcases yet"}
              description={
                chips.length ? "Try fewer filters or another search." : "Finished storyboards that writers share will appear here."
              }
              action={
                chips.length ? (
                  <Button variant="outline" onClick={clearAll}>
                    Clear filters
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <div
              className={
                isFetching
                  ? "grid gap-6 opacity-70 transition-opacity sm:grid-cols-2 xl:grid-cols-3"
                  : "grid gap-6 sm:grid-cols-2 xl:grid-cols-3"
              }
            >
              {data.entries.slice(0, SHOWCASE_PAGE_SIZE).map((entry) => (
                <FeaturedShowcaseCard key={entry.id} entry={entry} mediaPrefix={env?.AWS_S3_URL_PREFIX} label="Creator" compact />
              ))}
            </div>
          )}
          {data && <PageNumbers page={page} pages={data.pagination.pages} onPage={(p) => update({ page: p })} />}
        </div>
      </div>
    </div>
  );
}
