/**
 * Showcase entries (docs/product.md#showcase): a `features` user promotes a
 * finished render of theirs; the entry keeps the render's media keys as the
 * render has them, so the media layer can tell which files are public.
 */
import { getAspect } from "../catalog/aspects";
import { randomUUID } from "node:crypto";
import { hasRole, useActor, useUserId } from "../actor";
import { isConditionFailed } from "../dynamo/errors";
import { db } from "../dynamo/service";
import { assertCommitted } from "../dynamo/transaction";
import { AppError } from "../error";
import { getOwnRenderJob, getRenderBlocks } from "../render/jobs";
import type { EditInput, PromoteInput } from "./schema";

export const ENTRY_NOT_FOUND = "Showcase entry not found.";

type EntryItem = NonNullable<Awaited<ReturnType<ReturnType<typeof db.entities.showcaseEntry.get>["go"]>>["data"]>;

/** The entry as every answer shows it. It never carries an e-mail address. */
export function toEntryView(e: EntryItem) {
  return {
    id: e.showcaseEntryId,
    showcaseEntryId: e.showcaseEntryId,
    renderJobId: e.renderJobId,
    userId: e.userId,
    title: e.title,
    logline: e.logline ?? null,
    videoUrl: e.videoUrl ?? null,
    posterUrl: e.posterUrl ?? null,
    aspect: getAspect(e.aspect).id,
    thumbnailUrl: e.thumbnailUrl ?? null,
    genre: e.genre,
    subgenres: e.subgenres ?? [],
    tags: e.tags ?? [],
    language: e.language ?? "English",
    displayName: e.displayName,
    isPublic: e.isPublic !== false,
    /** An admin unpublished it: the owner sees 'Hidden by moderation' and cannot publish it. */
    heldByModeration: Boolean(e.heldAt),
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

export type ShowcaseEntryView = ReturnType<typeof toEntryView>;

export async function getEntryItem(showcaseEntryId: string) {
  const { data } = await db.entities.showcaseEntry.get({ showcaseEntryId }).go();
  return data ?? undefined;
}

const isOwner = (entry: EntryItem) => {
  const actor = useActor();
  return actor.type === "user" && actor.userId === entry.userId;
};

/** The images a render's thumbnail may be chosen from: its poster and every block image. */
async function renderImages(renderJobId: string, posterPath?: string) {
  const blocks = await getRenderBlocks(renderJobId);
  return new Set([...(posterPath ? [posterPath] : []), ...blocks.flatMap((b) => b.imageUrl ?? [])]);
}

async function checkThumbnail(renderJobId: string, posterPath: string | undefined, thumbnailUrl: string | null | undefined) {
  if (!thumbnailUrl) return undefined;
  if (!(await renderImages(renderJobId, posterPath)).has(thumbnailUrl)) {
    throw AppError.badRequest("The thumbnail must be one of this render's images.");
  }
  return thumbnailUrl;
}

/** POST /api/showcase/promote: one entry per render, by its owner with the `features` role. */
export async function promoteRender(input: PromoteInput) {
  const userId = useUserId();
  if (!hasRole("features")) throw AppError.forbidden("Promoting to the showcase needs the features role.");
  const render = await getOwnRenderJob(input.renderJobId);
  if (render.status !== "complete" || !render.outputFilePath) {
    throw AppError.conflict("Only a finished render with a video can be promoted to the showcase.");
  }
  const thumbnailUrl = await checkThumbnail(render.renderJobId, render.posterImagePath, input.thumbnailUrl);
  const showcaseEntryId = randomUUID();
  const result = await db.transaction
    .write((tx) => [
      tx.unique.create({ kind: "showcaseRenderJob", value: render.renderJobId, ownerId: showcaseEntryId }).commit(),
      tx.showcaseEntry
        .create({
          showcaseEntryId,
          renderJobId: render.renderJobId,
          userId,
          title: input.title,
          logline: input.logline || undefined,
          videoUrl: render.outputFilePath,
          posterUrl: render.posterImagePath,
          aspect: getAspect(render.aspect).id,
          thumbnailUrl,
          genre: input.genre,
          subgenres: input.subgenres,
          tags: input.tags,
          displayName: input.displayName,
          isPublic: true,
        })
        .commit(),
    ])
    .go();
  assertCommitted(result, { 0: AppError.conflict("This render is already in the showcase.") });
  return toEntryView((await getEntryItem(showcaseEntryId))!);
}

/** The caller's own entry, or a 404 (another user's entry is indistinguishable from a missing one). */
async function getOwnEntry(showcaseEntryId: string) {
  const userId = useUserId();
  const entry = await getEntryItem(showcaseEntryId);
  if (!entry || entry.userId !== userId) throw AppError.notFound(ENTRY_NOT_FOUND);
  return entry;
}

export const HELD_MESSAGE = "Hidden by moderation: an admin must review this entry before it can be public again.";
const heldError = () => AppError.forbidden(HELD_MESSAGE);

/**
 * PUT /api/showcase/{id}: the owner edits the fields, the thumbnail (from this render's images) and visibility.
 * Making it public needs the features role and no moderation hold, checked again in the write itself, so a
 * hold set while this request runs still wins (docs/product.md#showcase).
 */
export async function editEntry(showcaseEntryId: string, input: EditInput) {
  const entry = await getOwnEntry(showcaseEntryId);
  if (input.isPublic && !hasRole("features")) throw AppError.forbidden("Publishing to the showcase needs the features role.");
  if (input.isPublic && entry.heldAt) throw heldError();
  const thumbnailUrl =
    input.thumbnailUrl === entry.thumbnailUrl
      ? entry.thumbnailUrl
      : await checkThumbnail(entry.renderJobId, entry.posterUrl, input.thumbnailUrl);
  const removals: ("logline" | "thumbnailUrl")[] = [];
  if (!input.logline) removals.push("logline");
  if (!thumbnailUrl) removals.push("thumbnailUrl");
  let update = db.entities.showcaseEntry.patch({ showcaseEntryId }).set({
    title: input.title,
    genre: input.genre,
    subgenres: input.subgenres,
    tags: input.tags,
    displayName: input.displayName,
    isPublic: input.isPublic,
    ...(input.logline ? { logline: input.logline } : {}),
    ...(thumbnailUrl ? { thumbnailUrl } : {}),
  });
  if (removals.length) update = update.remove(removals);
  try {
    await (input.isPublic ? update.where((a, { notExists }) => notExists(a.heldAt)) : update).go();
  } catch (error) {
    if (isConditionFailed(error)) throw heldError();
    throw error;
  }
  return toEntryView((await getEntryItem(showcaseEntryId))!);
}

/** GET /api/showcase/single/{id}: public entries to everyone; a hidden one only to its owner. */
export async function getEntry(showcaseEntryId: string) {
  const entry = await getEntryItem(showcaseEntryId);
  if (!entry || (entry.isPublic === false && !isOwner(entry))) throw AppError.notFound(ENTRY_NOT_FOUND);
  if (!isOwner(entry)) return { ...toEntryView(entry), isOwner: false };
  // The owner's edit form offers the thumbnail choices: this render's images only.
  const render = await db.entities.renderJob.get({ renderJobId: entry.renderJobId }).go();
  const thumbnailOptions = [...(await renderImages(entry.renderJobId, render.data?.posterImagePath))];
  return { ...toEntryView(entry), isOwner: true, thumbnailOptions };
}

/** GET /api/showcase/by-user/{userId}: a creator's public entries, newest first. */
export async function listUserEntries(userId: string, options: { limit: number; excludeId?: string }) {
  const { data } = await db.entities.showcaseEntry.query.byUser({ userId }).go({ pages: "all", order: "desc" });
  return data
    .filter((e) => e.isPublic !== false && e.showcaseEntryId !== options.excludeId)
    .slice(0, options.limit)
    .map(toEntryView);
}

/** The entry made from a render, if any. */
async function entryOfRender(renderJobId: string) {
  const { data: claim } = await db.entities.unique.get({ kind: "showcaseRenderJob", value: renderJobId }).go();
  return claim ? getEntryItem(claim.ownerId) : undefined;
}

/** GET /api/showcase/by-render/{id}: the owner's entry for their render, or null when it was never promoted. */
export async function getEntryForRender(renderJobId: string) {
  await getOwnRenderJob(renderJobId);
  const entry = await entryOfRender(renderJobId);
  return entry ? toEntryView(entry) : null;
}

/**
 * Whether a render's files belong to a public showcase entry: the media layer
 * keeps those files public while the rest of a render's media is owner-only.
 */
export async function isPublicShowcaseRender(renderJobId: string): Promise<boolean> {
  const entry = await entryOfRender(renderJobId);
  return Boolean(entry && entry.isPublic !== false);
}

/** Whether `key` is one of the files a public showcase entry shows (its video, poster or thumbnail). */
export async function isPublicShowcaseMedia(renderJobId: string, key: string): Promise<boolean> {
  const entry = await entryOfRender(renderJobId);
  if (!entry || entry.isPublic === false) return false;
  return [entry.videoUrl, entry.posterUrl, entry.thumbnailUrl].includes(key);
}

/**
 * Whether `key`, a frame of the owner's asset store that a revised render's block names as its own
 * (render/plan-reuse.ts), is the thumbnail of one of the owner's public entries.
 */
export async function isPublicShowcaseThumbnail(userId: string, key: string): Promise<boolean> {
  const { data } = await db.entities.showcaseEntry.query.byUser({ userId }).go({ pages: "all" });
  return data.some((entry) => entry.isPublic !== false && entry.thumbnailUrl === key);
}

/** Hosting expiry removed a render's files: its entry, if any, stops being public and loses the media keys. */
export async function unpublishRenderEntry(renderJobId: string) {
  const entry = await entryOfRender(renderJobId);
  if (!entry) return false;
  await db.entities.showcaseEntry
    .patch({ showcaseEntryId: entry.showcaseEntryId })
    .set({ isPublic: false })
    .remove(["videoUrl", "posterUrl", "thumbnailUrl"])
    .go();
  return true;
}
