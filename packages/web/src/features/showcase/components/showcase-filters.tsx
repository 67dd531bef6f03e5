import { GENRE_NAMES, subgenresOf, TAG_GROUPS } from "@storyboard/core/catalog/showcase";
import { SHOWCASE_LIMITS } from "@storyboard/core/showcase/limits";
import { Search } from "lucide-react";
import { useId } from "react";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import type { ShowcaseFilters } from "../api/showcase";
import { CheckList } from "./check-list";

const ALL_GENRES = "__all";

/** Search, genre, up to four subgenres of that genre, and the tag groups (docs/product.md#showcase). */
export function ShowcaseFilterPanel({
  filters,
  searchText,
  onSearchText,
  onChange,
}: {
  filters: ShowcaseFilters;
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (next: Partial<ShowcaseFilters>) => void;
}) {
  const subgenres = subgenresOf(filters.genre);
  // The panel renders twice (desktop aside, phone panel): ids must differ.
  const id = useId();
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-search`}>Search</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            id={`${id}-search`}
            type="search"
            placeholder="Title, logline, creator or tag"
            value={searchText}
            onChange={(e) => onSearchText(e.target.value)}
            className="pl-9"
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-genre`}>Genre</Label>
        <Select
          value={filters.genre || ALL_GENRES}
          onValueChange={(genre) => onChange({ genre: genre === ALL_GENRES ? "" : genre, subgenres: [] })}
        >
          <SelectTrigger id={`${id}-genre`} aria-label="Genre">
            <SelectValue placeholder="All genres" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_GENRES}>All genres</SelectItem>
            {GENRE_NAMES.map((g) => (
              <SelectItem key={g} value={g}>
                {g}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {subgenres.length > 0 && (
        <CheckList
          legend={`Subgenres (up to ${SHOWCASE_LIMITS.subgenres})`}
          options={subgenres}
          selected={filters.subgenres}
          max={SHOWCASE_LIMITS.subgenres}
          onChange={(next) => onChange({ subgenres: next })}
          columns={1}
        />
      )}
      <div className="grid gap-1">
        <p className="text-sm font-medium">Tags</p>
        {TAG_GROUPS.map((group) => {
          const chosen = group.tags.filter((t) => filters.tags.includes(t)).length;
          return (
            <details key={group.name} className="group rounded-md border px-3 py-2" open={chosen > 0 || undefined}>
              <summary className="cursor-pointer list-none text-sm select-none marker:hidden [&::-webkit-details-marker]:hidden">
                <span className="flex items-center justify-between gap-2">
                  {group.name}
                  <span className="text-xs text-muted-foreground">{chosen ? `${chosen} selected` : group.tags.length}</span>
                </span>
              </summary>
              <CheckList
                legend={group.name}
                options={group.tags}
                selected={filters.tags}
                onChange={(next) => onChange({ tags: next })}
                columns={1}
                className="pt-3 [&>legend]:sr-only"
              />
            </details>
          );
        })}
      </div>
    </div>
  );
}
