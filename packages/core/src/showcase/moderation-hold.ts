/**
 * The moderation hold (docs/product.md#showcase): an admin's unpublish hides
 * the entry and holds it hidden. The owner still sees and edits it ('Hidden
 * by moderation') but cannot make it public; it leaves the featured list; only
 * an admin lifts the hold (Admin Fixes), after which the owner may publish again.
 */
import { assertAdmin } from "../actor";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { now } from "../clock";
import { getEntryItem } from "./entries";

const HELD = "held";
const FEATURED = "featured";

/** Hides the entry under a hold: hidden first (what must stick), then listed for Admin Fixes, then unfeatured. */
export async function holdEntry(showcaseEntryId: string): Promise<void> {
  assertAdmin();
  const heldAt = new Date(now()).toISOString();
  await db.entities.showcaseEntry.patch({ showcaseEntryId }).set({ isPublic: false, heldAt }).go();
  await db.entities.featuredShowcase.put({ list: HELD, showcaseEntryId }).go();
  await db.entities.featuredShowcase.delete({ list: FEATURED, showcaseEntryId }).go();
}

/** GET /api/admin/showcase-holds: the held entries, most recently held first. */
export async function listHolds() {
  assertAdmin();
  const { data } = await db.entities.featuredShowcase.query.byList({ list: HELD }).go({ pages: "all" });
  const out = [];
  for (const item of data) {
    const entry = await getEntryItem(item.showcaseEntryId);
    if (!entry?.heldAt) continue;
    out.push({ showcaseEntryId: entry.showcaseEntryId, title: entry.title, displayName: entry.displayName, userId: entry.userId, heldAt: entry.heldAt });
  }
  return out.sort((a, b) => b.heldAt.localeCompare(a.heldAt));
}

/** POST /api/admin/showcase-holds/{id}/lift: the entry stays hidden; its owner may publish it again. */
export async function liftHold(showcaseEntryId: string) {
  assertAdmin();
  const entry = await getEntryItem(showcaseEntryId);
  if (!entry?.heldAt) throw AppError.notFound("This showcase entry is not held.");
  await db.entities.showcaseEntry.patch({ showcaseEntryId }).remove(["heldAt"]).go();
  await db.entities.featuredShowcase.delete({ list: HELD, showcaseEntryId }).go();
  return { message: "Hold lifted. The owner can make the entry public again.", showcaseEntryId };
}
