import { useUserId } from "../actor";
import type { Shot } from "../board/shot-vocabulary";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { latestDecisionsByRender } from "../review/summary";
import { readRenderJobForPoll } from "./job-cache";
import type { RenderPace } from "./progress";
import type { RenderSummary } from "./types";

export const RENDER_NOT_FOUND = "Render not found";

export async function getRenderJob(renderJobId: string) {
  const { data } = await db.entities.renderJob.get({ renderJobId }).go();
  if (!data) throw AppError.notFound(RENDER_NOT_FOUND);
  return data;
}

export type RenderJobItem = Awaited<ReturnType<typeof getRenderJob>>;

/** The caller's render, or a 404 (another user's render is indistinguishable from a missing one). */
export async function getOwnRenderJob(renderJobId: string) {
  const userId = useUserId();
  const { data } = await db.entities.renderJob.get({ renderJobId }).go();
  if (!data || data.userId !== userId) throw AppError.notFound(RENDER_NOT_FOUND);
  return data;
}

/** `getOwnRenderJob` for the render page's polls: may reuse the job read a moment ago (job-cache.ts, docs/decisions.md#scale). */
export async function getOwnPolledRenderJob(renderJobId: string) {
  const userId = useUserId();
  const data = await readRenderJobForPoll(renderJobId);
  if (!data || data.userId !== userId) throw AppError.notFound(RENDER_NOT_FOUND);
  return data;
}

/** A render's blocks in screenplay order. */
export async function getRenderBlocks(renderJobId: string) {
  const { data } = await db.entities.renderBlock.query.byRender({ renderJobId }).go({ pages: "all" });
  return data.sort((a, b) => a.position - b.position);
}

export type RenderBlockItem = Awaited<ReturnType<typeof getRenderBlocks>>[number];

/** Blocks that get an image and narration of their own; parentheticals and transitions ride along in captions only. */
export const MEDIA_BLOCK_TYPES = new Set(["scene_heading", "action", "dialogue", "shot", "general"]);
export const hasMedia = (b: { type: string; text: string }) => MEDIA_BLOCK_TYPES.has(b.type) && b.text.trim().length > 0;

export function renderSummary(job: RenderJobItem): RenderSummary {
  return {
    id: job.renderJobId,
    title: job.title,
    style: job.style,
    status: job.status,
    completedAt: job.completedAt ?? null,
    estimatedCompletionTime: job.estimatedCompletionTime ?? null,
    createdAt: job.createdAt,
    screenplayVersion: job.screenplayVersion ?? 1,
  };
}

/** The caller's renders, newest first (dashboard), each with its latest review decision (docs/product.md#review-links). */
export async function listOwnRenders() {
  const userId = useUserId();
  const [{ data }, reviews] = await Promise.all([
    db.entities.renderJob.query.byUser({ userId }).go({ pages: "all", order: "desc" }),
    latestDecisionsByRender(userId),
  ]);
  return data.map((job) => ({ ...renderSummary(job), review: reviews.get(job.renderJobId) ?? null }));
}

/** The running phase's measurements, from the job item alone (no read past it). */
export function renderPace(job: RenderJobItem): RenderPace {
  return {
    generateStartedAt: job.generateStartedAt ?? null,
    assetsAtStart: job.assetsAtStart ?? null,
    assetsTotal: job.mediaNeeded !== undefined ? job.mediaNeeded * 2 : null,
    assetsMade: job.mediaNeeded !== undefined ? (job.imagesMade ?? 0) + (job.audioMade ?? 0) : null,
    compileStartedAt: job.compileStartedAt ?? null,
    videoMs: job.videoMs ?? null,
    videoEncodedMs: job.videoEncodedMs ?? null,
    measuredAt: job.updatedAt,
  };
}

export function toBlockView(b: RenderBlockItem) {
  return {
    id: b.blockId,
    type: b.type,
    text: b.text,
    character: b.character ?? null,
    sceneId: b.sceneId ?? null,
    duration: b.duration ?? null,
    audioUrl: b.audioUrl ?? null,
    imageUrl: b.imageUrl ?? [],
    imagePrompt: b.imagePrompt ?? null,
    hasMedia: hasMedia(b),
    /** New or changed since the render this one reuses from (revision/reuse-price.ts); false on a first render. */
    changed: b.changed ?? false,
    /** Size, angle, movement and number (board/shots.ts); null until the describe phase derives it. */
    shot: (b.shot as Shot | undefined) ?? null,
  };
}
