/**
 * GET /api/showcase/search (docs/product.md#showcase). Reads only the public
 * index (a sparse GSI holding public entries, newest first) and filters its
 * pages in memory: no table scan. Where that stops scaling and what comes next
 * is in docs/decisions.md#showcase.
 */
import { db } from "../dynamo/service";
import { toEntryView } from "./entries";

export interface SearchParams {
  page: number;
  limit: number;
  search?: string;
  genre?: string;
  /** Any of these subgenres matches. */
  subgenres: string[];
  /** Any of these tags matches. */
  tags: string[];
}

/** Every public entry, newest first. */
export async function listPublicEntries() {
  const { data } = await db.entities.showcaseEntry.query.publicByDate({ visibility: "public" }).go({ pages: "all", order: "desc" });
  // The index is eventually consistent with the base item: check the flag itself too.
  return data.filter((e) => e.isPublic !== false);
}

type Entry = Awaited<ReturnType<typeof listPublicEntries>>[number];

const lower = (s: string) => s.toLocaleLowerCase("en");

/** Title, logline, display name and tags, case-insensitive. */
export function matchesText(entry: Pick<Entry, "title" | "logline" | "displayName" | "tags">, search: string) {
  const needle = lower(search.trim());
  if (!needle) return true;
  return [entry.title, entry.logline ?? "", entry.displayName, ...(entry.tags ?? [])].some((field) => lower(field).includes(needle));
}

export function matchesFilters(entry: Entry, params: Omit<SearchParams, "page" | "limit">) {
  if (params.genre && entry.genre !== params.genre) return false;
  if (params.subgenres.length && !params.subgenres.some((s) => entry.subgenres?.includes(s))) return false;
  if (params.tags.length && !params.tags.some((t) => entry.tags?.includes(t))) return false;
  return matchesText(entry, params.search ?? "");
}

export async function searchShowcase(params: SearchParams) {
  const matches = (await listPublicEntries()).filter((e) => matchesFilters(e, params));
  const start = (params.page - 1) * params.limit;
  return {
    entries: matches.slice(start, start + params.limit).map(toEntryView),
    pagination: { page: params.page, limit: params.limit, total: matches.length, pages: Math.ceil(matches.length / params.limit) },
  };
}
