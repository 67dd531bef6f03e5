/**
 * The featured list (docs/product.md#showcase): admins add and remove public
 * entries; the landing page shows three, the explore strip four. One partition
 * holds the whole list, keyed by entry id, so adding twice changes nothing.
 */
import { assertAdmin } from "../actor";
import { db } from "../dynamo/service";
import { isConditionFailed } from "../dynamo/errors";
import { AppError } from "../error";
import { getEntryItem, toEntryView } from "./entries";

const LIST = "featured";

/** GET /api/featured-showcase: the featured-list view of each public entry, most recently featured first. */
export async function listFeatured(limit: number) {
  const { data: featured } = await db.entities.featuredShowcase.query.byList({ list: LIST }).go({ pages: "all" });
  featured.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const out = [];
  for (const item of featured) {
    if (out.length >= limit) break;
    const entry = await getEntryItem(item.showcaseEntryId);
    // A featured entry that was unpublished (or deleted) drops out of view until it is public again.
    if (!entry || entry.isPublic === false) continue;
    // The featured-list view (docs/product.md#showcase): the card's fields of the entry.
    const { id, showcaseEntryId, title, genre, logline, thumbnailUrl, posterUrl, videoUrl, displayName } = toEntryView(entry);
    out.push({ id, showcaseEntryId, title, genre, logline, thumbnailUrl, posterUrl, videoUrl, displayName, featuredAt: item.createdAt });
  }
  return out;
}

const notFound = (id: string) => AppError.notFound(`No showcase entry has the ID ${id}.`);

/** POST /api/featured-showcase: adds a public entry; adding it again changes nothing. */
export async function addFeatured(showcaseEntryId: string) {
  assertAdmin();
  const id = showcaseEntryId.trim();
  if (!id) throw AppError.badRequest("Please enter a showcase entry ID");
  const entry = await getEntryItem(id);
  if (!entry) throw notFound(id);
  if (entry.isPublic === false) throw AppError.conflict("This showcase entry is not public, so it cannot be featured.");
  try {
    await db.entities.featuredShowcase.create({ list: LIST, showcaseEntryId: id }).go();
    return { message: "Showcase entry added to featured list", showcaseEntryId: id, added: true };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return { message: "This showcase entry is already featured.", showcaseEntryId: id, added: false };
  }
}

/** DELETE /api/featured-showcase/{id}: removes it from the list; an unknown entry is a 404. */
export async function removeFeatured(showcaseEntryId: string) {
  assertAdmin();
  const { data } = await db.entities.featuredShowcase.get({ list: LIST, showcaseEntryId }).go();
  if (!data && !(await getEntryItem(showcaseEntryId))) throw notFound(showcaseEntryId);
  if (data) await db.entities.featuredShowcase.delete({ list: LIST, showcaseEntryId }).go();
  return { message: "Featured showcase entry removed", showcaseEntryId, removed: Boolean(data) };
}
