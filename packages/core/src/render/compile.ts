import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getObjectBytes, putObject } from "../blob/s3";
import { renderKeys } from "../blob/keys";
import { config } from "../config";
import { db } from "../dynamo/service";
import { writeProjectZip } from "../media/archive";
import { type CompileClip, compileVideo } from "../media/compile";
import { getRenderBlocks, getRenderJob, hasMedia, toBlockView } from "./jobs";
import { notifyRender } from "./notify";

/** The caption of a block in the video and the subtitle files. */
export const captionOf = (b: { type: string; text: string; character?: string | null }) =>
  b.type === "dialogue" && b.character ? `${b.character}: ${b.text}` : b.text;

const OUTPUTS = [
  { file: "video.mp4", type: "video", field: "outputFilePath", contentType: "video/mp4", result: "videoPath" },
  { file: "poster.jpg", type: "poster", field: "posterImagePath", contentType: "image/jpeg", result: "posterPath" },
  { file: "audio.mp3", type: "combined_audio", field: "combinedAudioPath", contentType: "audio/mpeg", result: "audioPath" },
  { file: "project.zip", type: "project_zip", field: "projectZipPath", contentType: "application/zip", result: "zipPath" },
] as const;

/**
 * The compile phase: the video (each block's chosen image held for its audio),
 * the poster, the combined audio and the project archive, stored next to the
 * render's media and linked from the job.
 */
export async function compileRender(renderJobId: string) {
  const job = await getRenderJob(renderJobId);
  if (job.status !== "rendering" && job.status !== "compiling") return { renderJobId, skipped: true };
  await db.entities.renderJob.patch({ renderJobId }).set({ status: "compiling" }).go();
  const videoJobId = randomUUID();
  await db.entities.videoJob.create({ videoJobId, renderJobId, userId: job.userId, status: "processing" }).go();

  const work = await mkdtemp(join(tmpdir(), `render-${renderJobId.slice(0, 8)}-`));
  try {
    const blocks = await getRenderBlocks(renderJobId);
    const timeline = blocks.filter(hasMedia);
    const clips: CompileClip[] = [];
    for (const [i, b] of timeline.entries()) {
      const image = b.imageUrl?.[0];
      if (!image || !b.audioUrl || !b.duration) throw new Error(`Block ${b.blockId} has no image or audio to compile`);
      const imagePath = join(work, `img-${String(i).padStart(5, "0")}${image.slice(image.lastIndexOf("."))}`);
      const audioPath = join(work, `aud-${String(i).padStart(5, "0")}.wav`);
      await writeFile(imagePath, await getObjectBytes(config.mediaBucket, image));
      await writeFile(audioPath, await getObjectBytes(config.mediaBucket, b.audioUrl));
      clips.push({ imagePath, audioPath, durationMs: b.duration, caption: captionOf(b) });
    }
    const outDir = join(work, "out");
    const compiled = await compileVideo({ clips, outDir, burnCaptions: job.burnCaptions ?? false, title: job.title });

    const editList = timeline.map((b, i) => ({
      blockId: b.blockId,
      startMs: compiled.timeline[i].startMs,
      durationMs: compiled.timeline[i].durationMs,
      image: `images/${String(i + 1).padStart(4, "0")}-${b.blockId}${clips[i].imagePath.slice(clips[i].imagePath.lastIndexOf("."))}`,
      audio: `audio/${String(i + 1).padStart(4, "0")}-${b.blockId}.wav`,
    }));
    await writeProjectZip({
      outPath: join(outDir, "project.zip"),
      images: timeline.map((_, i) => ({ name: editList[i].image, path: clips[i].imagePath })),
      audio: timeline.map((_, i) => ({ name: editList[i].audio, path: clips[i].audioPath })),
      captionsSrt: compiled.captionsSrt,
      captionsVtt: compiled.captionsVtt,
      screenplayJson: { title: job.title, style: job.style, ...(job.screenplaySnapshot as object), blocks: blocks.map(toBlockView) },
      editList,
    });

    const zipPath = join(outDir, "project.zip");
    const files: Record<(typeof OUTPUTS)[number]["result"], string> = { ...compiled, zipPath };
    const folder = renderKeys.folder(job.userId, renderJobId);
    const paths: Record<string, string> = {};
    for (const o of OUTPUTS) {
      const key = `${folder}${o.file}`;
      await putObject(config.mediaBucket, key, await readFile(files[o.result]), o.contentType);
      await db.entities.renderMedia
        .put({ renderJobId, blockId: "_render", type: o.type, variant: "main", userId: job.userId, screenplayId: job.screenplayId, url: key, duration: o.type === "video" ? compiled.durationMs : undefined })
        .go();
      paths[o.field] = key;
    }
    await db.entities.renderJob
      .patch({ renderJobId })
      .set({ ...paths, status: "complete", completedAt: new Date().toISOString(), hostingState: "hosted", shareableLink: `${config.appUrl}/renders/${renderJobId}` })
      .go();
    await db.entities.videoJob.patch({ renderJobId, videoJobId }).set({ status: "complete" }).go();
    await notifyRender("renderComplete", job);
    return { renderJobId, status: "complete", durationMs: compiled.durationMs };
  } catch (error) {
    await db.entities.videoJob.patch({ renderJobId, videoJobId }).set({ status: "failed" }).go();
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
