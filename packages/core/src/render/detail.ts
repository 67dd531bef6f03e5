import { DEFAULT_PDF_LAYOUT } from "../board/schema";
import { getAspect } from "../catalog/aspects";
import { type BlockView, renderBlockViews } from "./block-snapshot";
import { getOwnPolledRenderJob, type RenderJobItem, renderPace, renderSummary } from "./jobs";

/**
 * The render page's detail (GET /api/renders/{id}). It lives apart from jobs.ts, which the block snapshot reads
 * its records through, so the two do not import each other.
 */

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
