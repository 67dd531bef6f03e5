/**
 * A render's timelines: the source the project zip's timeline/ files are
 * written from (PackageRender), and one file on request for the render page's
 * downloads, at the frame rate the editor picks (docs/product.md#editing-timelines).
 */
import { extname } from "node:path";
import { getAspect } from "../catalog/aspects";
import { AppError } from "../error";
import { clipEntryNames } from "../media/archive";
import { compiledClips, type PlannedClip } from "../render/compile-plan";
import { getOwnRenderJob, getRenderBlocks, type RenderBlockItem, type RenderJobItem } from "../render/jobs";
import { timelineFile, type TimelineSource } from "./files";
import { DEFAULT_FRAME_RATE, FRAME_RATES, type FrameRateLabel, type TimelineFormat } from "./schema";
import { screenplaySnapshotOf } from "../render/screenplay-snapshot";

/** The rate a render asked for its zip's timelines; renders made before the choice get the video's own. */
export const timelineFpsOf = (job: Pick<RenderJobItem, "timelineFps">): FrameRateLabel =>
  (FRAME_RATES as readonly string[]).includes(job.timelineFps ?? "") ? (job.timelineFps as FrameRateLabel) : DEFAULT_FRAME_RATE;

/** The timeline of a render's compiled clips, with the media named as the project zip names them. */
export function timelineSourceOf(
  job: Pick<RenderJobItem, "title" | "screenplaySnapshot" | "segmentStarts" | "aspect">,
  blocks: RenderBlockItem[],
  clips: PlannedClip[],
): TimelineSource {
  const dictionary = screenplaySnapshotOf(job).characterDictionary;
  return {
    title: job.title,
    blocks,
    characterNames: Object.keys(dictionary ?? {}),
    segmentStarts: job.segmentStarts ?? undefined,
    size: getAspect(job.aspect),
    clips: clips.map((c, i) => ({
      blockId: c.blockId,
      durationMs: c.durationMs,
      caption: c.caption,
      ...clipEntryNames(i, c.blockId, extname(c.image)),
    })),
  };
}

/** One timeline file of the caller's finished render (another user's render is a 404). */
export async function ownRenderTimeline(renderJobId: string, format: TimelineFormat, fps: FrameRateLabel) {
  const job = await getOwnRenderJob(renderJobId);
  if (job.status !== "complete") throw new AppError("conflict", "The editing timelines are ready once the video is made.");
  const blocks = await getRenderBlocks(renderJobId);
  return timelineFile(timelineSourceOf(job, blocks, compiledClips(blocks)), fps, format);
}
