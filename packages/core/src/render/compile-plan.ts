import { renderKeys } from "../blob/keys";
import { getObjectJson, putObject } from "../blob/s3";
import { config } from "../config";
import { db } from "../dynamo/service";
import type { Segment } from "../media/segments";
import { hasMedia, type RenderBlockItem } from "./jobs";
import { buildTimeline } from "../media/timeline";

/**
 * The compile phase's plan (docs/decisions.md#scale). PlanCompile writes it to
 * S3 once; the segment, audio and archive tasks and the final join read it,
 * so the state machine carries only `{ renderJobId, segment }` per segment and
 * every task sees the same clips, timing and segments.
 */
export interface PlannedClip {
  blockId: string;
  /** S3 keys in the media bucket. */
  image: string;
  audio: string;
  durationMs: number;
  caption: string;
}

export interface CompilePlan {
  renderJobId: string;
  videoJobId: string;
  /** Drawn on the poster: the screenplay's title. */
  title: string;
  burnCaptions: boolean;
  clips: PlannedClip[];
  /** Runs of consecutive clips, cut by content (media/content-segments.ts), each encoded by one CompileSegment task. */
  segments: Segment[];
  /** Per segment, its content key in the writer's asset store: a segment stored under it is reused, not encoded. */
  segmentKeys?: string[];
}

/** The caption of a block in the video and the subtitle files. */
export const captionOf = (b: { type: string; text: string; character?: string | null }) =>
  b.type === "dialogue" && b.character ? `${b.character}: ${b.text}` : b.text;

/** The clips a render compiles: every media block with its first image, its narration and its caption. */
export function compiledClips(blocks: RenderBlockItem[]): PlannedClip[] {
  return blocks.filter(hasMedia).map((b) => {
    const image = b.imageUrl?.[0];
    if (!image || !b.audioUrl || !b.duration) throw new Error(`Block ${b.blockId} has no image or audio to compile`);
    return { blockId: b.blockId, image, audio: b.audioUrl, durationMs: b.duration, caption: captionOf(b) };
  });
}
/** The plan's timeline: its segments start on whole frames (timeline.ts segmentStarts). */
export const timelineOf = (plan: CompilePlan) =>
  buildTimeline(
    plan.clips.map((c) => c.durationMs),
    { segmentStarts: plan.segments.map((s) => s.firstClip) },
  );

/** One item of the compile Map. */
export interface SegmentItem {
  renderJobId: string;
  segment: number;
}

type Owner = { userId: string; renderJobId: string };

/** Intermediate files of a compile, removed when the render is finished. */
export const compileKeys = {
  folder: (owner: Owner) => `${renderKeys.folder(owner.userId, owner.renderJobId)}compile/`,
  plan: (owner: Owner) => `${compileKeys.folder(owner)}plan.json`,
  segment: (owner: Owner, segment: number) => `${compileKeys.folder(owner)}segment-${String(segment).padStart(4, "0")}.mp4`,
  narration: (owner: Owner) => `${compileKeys.folder(owner)}narration.m4a`,
};

/** The deliverables, in the render's folder and linked from the job. */
export const COMPILE_OUTPUTS = [
  { file: "video.mp4", type: "video", field: "outputFilePath", contentType: "video/mp4" },
  { file: "poster.jpg", type: "poster", field: "posterImagePath", contentType: "image/jpeg" },
  { file: "audio.mp3", type: "combined_audio", field: "combinedAudioPath", contentType: "audio/mpeg" },
  { file: "project.zip", type: "project_zip", field: "projectZipPath", contentType: "application/zip" },
  { file: "storyboard.pdf", type: "storyboard_pdf", field: "storyboardPdfPath", contentType: "application/pdf" },
  { file: "shot-list.csv", type: "shot_list", field: "shotListPath", contentType: "text/csv; charset=utf-8" },
] as const;

export type CompileOutput = (typeof COMPILE_OUTPUTS)[number];
export const outputKey = (owner: Owner, file: CompileOutput["file"]) => `${renderKeys.folder(owner.userId, owner.renderJobId)}${file}`;
export const outputOf = (file: CompileOutput["file"]) => COMPILE_OUTPUTS.find((o) => o.file === file)!;

export async function writeCompilePlan(owner: Owner, plan: CompilePlan): Promise<SegmentItem[]> {
  await putObject(config.mediaBucket, compileKeys.plan(owner), JSON.stringify(plan), "application/json");
  return plan.segments.map((_, segment) => ({ renderJobId: owner.renderJobId, segment }));
}

export const readCompilePlan = (owner: Owner) => getObjectJson<CompilePlan>(config.mediaBucket, compileKeys.plan(owner));

/** After a failed compile (MarkFailed): the video job says so too. */
export async function compileFailed(renderJobId: string) {
  const { data } = await db.entities.videoJob.query.byRender({ renderJobId }).go({ pages: "all" });
  for (const v of data.filter((v) => v.status === "processing")) {
    await db.entities.videoJob.patch({ renderJobId, videoJobId: v.videoJobId }).set({ status: "failed" }).go();
  }
}
