import { useUserId } from "../actor";
import { DEFAULT_PDF_LAYOUT } from "../board/schema";
import { getAspect } from "../catalog/aspects";
import type { Shot } from "../board/shot-vocabulary";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { latestDecisionsByRender } from "../review/summary";
import { type BlockView, renderBlockViews } from "./block-snapshot";
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

/** Details already made from a job item and its block list, so polls of an unchanged render share one frozen answer. */
const details = new WeakMap<RenderJobItem, { blocks: BlockView[]; detail: Readonly<RenderDetail> }>();

/**
 * The render page's whole view: the job, its blocks (from a snapshot, block-snapshot.ts) and the spec's Block fields.
 * Frozen and the same object while the job and its blocks are, so the answer is serialized and tagged once (docs/decisions.md#scale).
 */
export async function getRenderDetail(renderJobId: string): Promise<Readonly<RenderDetail>> {
  const job = await getOwnPolledRenderJob(renderJobId);
  const blocks = await renderBlockViews(job);
  const kept = details.get(job);
  if (kept?.blocks === blocks) return kept.detail;
  const detail = Object.freeze(renderDetail(job, blocks));
  details.set(job, { blocks, detail });
  return detail;
}

export type RenderDetail = ReturnType<typeof renderDetail>;

function renderDetail(job: RenderJobItem, blocks: BlockView[]) {
  return {
    ...renderSummary(job),
    userId: job.userId,
    screenplayId: job.screenplayId,
    type: job.type,
    characterVoices: job.characterVoices ?? {},
    screenplaySnapshot: { ...(job.screenplaySnapshot ?? {}), blocks },
    outputFilePath: job.outputFilePath ?? null,
    posterImagePath: job.posterImagePath ?? null,
    combinedAudioPath: job.combinedAudioPath ?? null,
    projectZipPath: job.projectZipPath ?? null,
    storyboardPdfPath: job.storyboardPdfPath ?? null,
    shotListPath: job.shotListPath ?? null,
    pdfLayout: job.pdfLayout ?? DEFAULT_PDF_LAYOUT,
    aspect: getAspect(job.aspect).id,
    shareableLink: job.shareableLink ?? null,
    previewDescriptionsBeforeFirstImages: job.previewDescriptionsBeforeFirstImages,
    previewImagesBeforeFirstRender: job.previewImagesBeforeFirstRender,
    burnCaptions: job.burnCaptions ?? false,
    pointsCharged: job.pointsCharged ?? 0,
    failureReason: job.failureReason ?? null,
    /** When the sweeper last resumed a phase cut off mid-way (render/resume.ts). */
    resumedAt: job.resumedAt ?? null,
    updatedAt: job.updatedAt,
    pace: renderPace(job),
  };
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
