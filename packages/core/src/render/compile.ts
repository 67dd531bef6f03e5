import { randomUUID } from "node:crypto";
import { getAspect } from "../catalog/aspects";
import { join } from "node:path";
import { screenplaySnapshotOf } from "./screenplay-snapshot";
import { deletePrefix, downloadFile, listFoldersOf, objectTag, uploadFile } from "../blob/s3";
import { config } from "../config";
import { db } from "../dynamo/service";
import { joinSegments, renderSegment, writeCaptionImages } from "../media/compile";
import { clipAudio } from "../mix/clip-audio";
import { writeRenderMix } from "../mix/render-mix";
import { planContentSegments, segmentKeyInput } from "../media/content-segments";
import { FPS } from "../media/timeline";
import { keepSegment, reuseSegment, storedContentKeys } from "../revision/asset-store";
import { segmentContentKey } from "../revision/content-key";
import {
  COMPILE_OUTPUTS,
  type CompilePlan,
  compileKeys,
  compiledClips,
  outputKey,
  outputOf,
  readCompilePlan,
  type SegmentItem,
  timelineOf,
  writeCompilePlan,
} from "./compile-plan";
import { downloadClips, inWorkDir, TRANSFER_CONCURRENCY } from "./compile-files";
import { mapWithLimit } from "./concurrency";
import { renderHeartbeat } from "./deadlines";
import { getRenderBlocks, getRenderJob, hasMedia, type RenderJobItem } from "./jobs";
import { notifyRender } from "./notify";
import { moveRenderStatus } from "./transition";

/**
 * The compile phase (docs/architecture.md#render-phases), split across tasks so
 * each stays well inside one Lambda's time and memory at 200 pages
 * (docs/decisions.md#scale): PlanCompile writes the plan and copies the segments an earlier draft's render
 * encoded; then, in parallel, one CompileSegment per other run of clips and CompileAudio (the sound mix); then,
 * in parallel, PackageRender (poster, captions, PDF, project zip: package-render.ts) and JoinVideo, which joins
 * the segments and the narration with a stream copy; FinishCompile records the outputs and finishes the render.
 * Every task is idempotent: its files have fixed keys and it can run again.
 */

/** Video length in whole frames, so the segments' lengths add up to the video's exactly. */
const framesMs = (frames: number) => (frames * 1000) / FPS;
const compiling = (job: RenderJobItem) => job.status === "rendering" || job.status === "compiling";

/** PlanCompile: checks every media block has its image and audio, and writes the plan. */
export async function planCompile(renderJobId: string): Promise<{ renderJobId: string; skipped: boolean; segments: SegmentItem[] }> {
  const job = await getRenderJob(renderJobId);
  if (!compiling(job)) return { renderJobId, skipped: true, segments: [] };
  const blocks = (await getRenderBlocks(renderJobId)).filter(hasMedia);
  const clips = compiledClips(blocks);
  if (!clips.length) throw new Error(`Render ${renderJobId} has no blocks to compile`);
  // Segments cut by content and keyed by what they show, so a later draft reuses the unchanged ones (docs/decisions.md#incremental-compile).
  const pictures = await pictureIdentities(clips);
  const { timeline, segments } = planContentSegments(
    clips.map((c, i) => ({ identity: pictures[i], durationMs: c.durationMs, sceneStart: blocks[i].type === "scene_heading" })),
  );
  const captions = job.burnCaptions ? clips.map((c) => c.caption) : undefined;
  const segmentKeys = segments.map((segment) =>
    segmentContentKey({ userId: job.userId, segment: segmentKeyInput(timeline, segment, pictures, captions, getAspect(job.aspect)) }),
  );
  // The segments an earlier draft's render encoded are copied now, so the Map runs a task only per new one.
  const taken = await takeStoredSegments(job, segmentKeys);
  const reusedMs = segments.reduce((sum, s, i) => sum + (taken[i] ? framesMs(s.endFrame - s.startFrame) : 0), 0);
  // Failed meanwhile (timed out, aborted, swept): nothing to compile. The length and start measure time left (progress.ts).
  const started = {
    compileStartedAt: new Date().toISOString(),
    videoMs: framesMs(timeline.totalFrames),
    // Set, not added: a retried PlanCompile counts its copies once.
    videoEncodedMs: reusedMs,
    segmentsReused: taken.filter(Boolean).length,
    segmentsEncoded: 0,
    // Kept on the render: its editing timelines hold each shot exactly as the video does (timeline/model.ts).
    segmentStarts: segments.map((s) => s.firstClip).filter((first) => first > 0),
  };
  if (!(await moveRenderStatus(renderJobId, ["rendering", "compiling"], { status: "compiling", ...started })))
    return { renderJobId, skipped: true, segments: [] };
  const videoJobId = randomUUID();
  await db.entities.videoJob.create({ videoJobId, renderJobId, userId: job.userId, status: "processing" }).go();
  // The poster names the screenplay, not the render ("Night Shift", not "Night Shift Render"); renders made
  // before the snapshot kept the screenplay's title fall back to theirs.
  const posterTitle = screenplaySnapshotOf(job).title || job.title;
  const plan: CompilePlan = {
    renderJobId,
    videoJobId,
    title: posterTitle,
    burnCaptions: job.burnCaptions ?? false,
    clips,
    segments,
    segmentKeys,
  };
  const items = await writeCompilePlan(job, plan);
  return { renderJobId, skipped: false, segments: items.filter((item) => !taken[item.segment]) };
}

/**
 * Each clip's picture identity, its image's ETag: read from one listing of each folder the images are in (the
 * render's, the writer's store of frames named by PlanBlocks; a page per 1,000), the same value a HeadObject answers.
 */
async function pictureIdentities(clips: { image: string }[]): Promise<string[]> {
  const listed = await listFoldersOf(
    config.mediaBucket,
    clips.map((c) => c.image),
  );
  const tags = new Map(listed.map((o) => [o.key, o.tag]));
  return mapWithLimit(clips, TRANSFER_CONCURRENCY, async (c) => tags.get(c.image) || (await objectTag(config.mediaBucket, c.image)));
}

/**
 * Puts every segment the writer's store holds (by content key) at its place in the compile folder, copied
 * inside S3, several at once; answers per segment whether it was taken. One listing tells which are stored.
 */
async function takeStoredSegments(job: RenderJobItem, segmentKeys: string[]): Promise<boolean[]> {
  const stored = await storedContentKeys(job.userId, job.screenplayId, "segment");
  return mapWithLimit(segmentKeys, TRANSFER_CONCURRENCY, async (contentKey, i) =>
    stored.has(contentKey) ? reuseSegment(job.userId, job.screenplayId, contentKey, compileKeys.segment(job, i)) : false,
  );
}

/** One segment's video done, encoded or reused: counted for time left (progress.ts) and the compile's report. */
async function segmentDone(renderJobId: string, segment: { startFrame: number; endFrame: number }, reused: boolean) {
  // A retried segment adds twice; time left caps the sum at the video's length.
  await db.entities.renderJob
    .patch({ renderJobId })
    .add({ videoEncodedMs: framesMs(segment.endFrame - segment.startFrame), ...(reused ? { segmentsReused: 1 } : { segmentsEncoded: 1 }) })
    .go();
  await renderHeartbeat(renderJobId, "compile");
}

/**
 * CompileSegment: one run of clips (with the fade into the next segment's first picture) as an MP4 segment, copied from the
 * writer's asset store when a render of an earlier draft encoded the same one, else encoded and kept there.
 */
export async function compileSegment({ renderJobId, segment: index }: SegmentItem) {
  const job = await getRenderJob(renderJobId);
  const plan = await readCompilePlan(job);
  const segment = plan.segments[index];
  if (!segment) throw new Error(`Render ${renderJobId} has no segment ${index}`);
  const contentKey = plan.segmentKeys?.[index];
  const target = compileKeys.segment(job, index);
  if (contentKey && (await reuseSegment(job.userId, job.screenplayId, contentKey, target))) {
    await segmentDone(renderJobId, segment, true);
    return { renderJobId, segment: index, reused: true };
  }
  return inWorkDir(renderJobId, async (work) => {
    // Its own clips and the next segment's first, which it fades into (media/segments.ts segmentOf).
    const through = Math.min(segment.endClip + 1, plan.clips.length);
    const used = Array.from({ length: through - segment.firstClip }, (_, k) => segment.firstClip + k);
    const images = await downloadClips(work, plan, "img", used);
    const captions = plan.burnCaptions
      ? await writeCaptionImages(
          plan.clips.map((c, i) => (used.includes(i) ? c.caption : undefined)),
          work,
          getAspect(job.aspect),
        )
      : [];
    const outPath = join(work, "segment.mp4");
    await renderSegment({
      timeline: timelineOf(plan),
      segment,
      images,
      captionImages: captions,
      outPath,
      work,
      name: `segment-${index}`,
      size: getAspect(job.aspect),
    });
    await uploadFile(config.mediaBucket, target, outPath, "video/mp4");
    if (contentKey) await keepSegment(job.userId, job.screenplayId, contentKey, target);
    await segmentDone(renderJobId, segment, false);
    return { renderJobId, segment: index, reused: false };
  });
}

/** CompileAudio: the sound mix (mix/render-mix.ts), as AAC for the video and MP3 for download, and its stems for the project zip. */
export async function compileAudio({ renderJobId }: { renderJobId: string }) {
  const job = await getRenderJob(renderJobId);
  const plan = await readCompilePlan(job);
  const blocks = await getRenderBlocks(renderJobId);
  await inWorkDir(renderJobId, async (work) => {
    const audio = await clipAudio(job, plan, work);
    const m4a = join(work, "narration.m4a");
    const mp3 = join(work, "audio.mp3");
    // Each sent as soon as it is whole: the MP3 while the narration is put into MP4 (the join waits on that).
    await writeRenderMix({
      job,
      plan,
      blocks,
      audio,
      work,
      m4aPath: m4a,
      mp3Path: mp3,
      onWritten: (output) =>
        output === "m4a"
          ? uploadFile(config.mediaBucket, compileKeys.narration(job), m4a, "audio/mp4")
          : uploadFile(config.mediaBucket, outputKey(job, "audio.mp3"), mp3, outputOf("audio.mp3").contentType),
    });
  });
  await renderHeartbeat(renderJobId, "compile");
  return { renderJobId };
}

/** JoinVideo (beside PackageRender): joins the segments and the narration (stream copy) into the video. */
export async function joinVideo({ renderJobId }: { renderJobId: string }) {
  const job = await getRenderJob(renderJobId);
  if (!compiling(job)) return { renderJobId, skipped: true };
  const plan = await readCompilePlan(job);
  await inWorkDir(renderJobId, async (work) => {
    const segmentPaths = plan.segments.map((_, s) => join(work, `segment-${String(s).padStart(4, "0")}.mp4`));
    const narration = join(work, "narration.m4a");
    // The narration beside the segments, not after them: the join waits on the last download.
    await Promise.all([
      mapWithLimit(segmentPaths, TRANSFER_CONCURRENCY, (path, s) => downloadFile(config.mediaBucket, compileKeys.segment(job, s), path)),
      downloadFile(config.mediaBucket, compileKeys.narration(job), narration),
    ]);
    const video = join(work, "video.mp4");
    await joinSegments(segmentPaths, narration, video, work);
    await uploadFile(config.mediaBucket, outputKey(job, "video.mp4"), video, outputOf("video.mp4").contentType);
  });
  await renderHeartbeat(renderJobId, "compile");
  return { renderJobId };
}

/** FinishCompile (after JoinVideo and PackageRender): links the deliverables and completes the render. */
export async function finishCompile({ renderJobId }: { renderJobId: string }) {
  const job = await getRenderJob(renderJobId);
  if (!compiling(job)) return { renderJobId, skipped: true };
  const plan = await readCompilePlan(job);
  const durationMs = timelineOf(plan).totalMs;
  const paths: Record<string, string> = {};
  // Each output's record is its own item: written at once.
  await Promise.all(
    COMPILE_OUTPUTS.map(async (o) => {
      const url = outputKey(job, o.file);
      await db.entities.renderMedia
        .put({
          renderJobId,
          blockId: "_render",
          type: o.type,
          variant: "main",
          userId: job.userId,
          screenplayId: job.screenplayId,
          url,
          duration: o.type === "video" ? durationMs : undefined,
        })
        .go();
      paths[o.field] = url;
    }),
  );
  const completed = await moveRenderStatus(renderJobId, ["compiling"], {
    ...paths,
    status: "complete",
    completedAt: new Date().toISOString(),
    hostingState: "hosted",
    shareableLink: `${config.appUrl}/renders/${renderJobId}`,
  });
  // Failed meanwhile and already refunded (docs/decisions.md#hardening): it stays failed, its files unlinked.
  if (!completed) return { renderJobId, skipped: true };
  await db.entities.videoJob.patch({ renderJobId, videoJobId: plan.videoJobId }).set({ status: "complete" }).go();
  await deletePrefix(config.mediaBucket, compileKeys.folder(job));
  await notifyRender("renderComplete", job);
  return { renderJobId, status: "complete", durationMs };
}
