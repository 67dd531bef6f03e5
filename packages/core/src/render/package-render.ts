import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { getAspect } from "../catalog/aspects";
import { writeBoardExports } from "../board/export";
import type { PdfLayout } from "../board/schema";
import { downloadFile, putObject, uploadFile, uploadStream } from "../blob/s3";
import { config } from "../config";
import { editListOf, writeProjectZip } from "../media/archive";
import { captionFiles } from "../media/compile";
import { fetchStems, stemEntry } from "../mix/render-mix";
import { timelineFiles } from "../timeline/files";
import { timelineFpsOf, timelineSourceOf } from "../timeline/render-timeline";
import { type CompilePlan, outputKey, outputOf, readCompilePlan, timelineOf } from "./compile-plan";
import { mapWithLimit } from "./concurrency";
import { renderHeartbeat } from "./deadlines";
import { getRenderBlocks, getRenderJob, toBlockView } from "./jobs";
import { packagePoster } from "./poster";
import { screenplaySnapshotOf } from "./screenplay-snapshot";

/** Files moved to and from S3 at once. */
const TRANSFER_CONCURRENCY = 8;

async function inWorkDir<T>(renderJobId: string, run: (work: string) => Promise<T>): Promise<T> {
  const work = await mkdtemp(join(tmpdir(), `package-${renderJobId.slice(0, 8)}-`));
  try {
    return await run(work);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const clipFile = (work: string, kind: "img" | "aud", i: number, key: string) =>
  join(work, `${kind}-${String(i).padStart(5, "0")}${extname(key)}`);

/** Downloads clips' images or audio (by clip index) and answers their local paths, indexed by clip. */
async function download(work: string, plan: CompilePlan, kind: "img" | "aud", indexes: number[]): Promise<string[]> {
  const paths: string[] = new Array(plan.clips.length).fill("");
  await mapWithLimit(indexes, TRANSFER_CONCURRENCY, async (i) => {
    const key = kind === "img" ? plan.clips[i].image : plan.clips[i].audio;
    paths[i] = clipFile(work, kind, i, key);
    await downloadFile(config.mediaBucket, key, paths[i]);
  });
  return paths;
}

const allClips = (plan: CompilePlan) => plan.clips.map((_, i) => i);

/** PackageRender (after CompileAudio): the poster and the project zip (images, narration clips, the mix's stems, captions, screenplay, edit list). */
export async function packageRender({ renderJobId }: { renderJobId: string }) {
  const job = await getRenderJob(renderJobId);
  const plan = await readCompilePlan(job);
  const timeline = timelineOf(plan);
  const blocks = await getRenderBlocks(renderJobId);
  await inWorkDir(renderJobId, async (work) => {
    // Both at once: the downloads are most of this task's wall time on a revised render.
    const [images, audio] = await Promise.all([download(work, plan, "img", allClips(plan)), download(work, plan, "aud", allClips(plan))]);
    await packagePoster(job, plan, images[0], work);
    const { srt, vtt } = captionFiles(
      timeline,
      plan.clips.map((c) => c.caption),
    );
    const editList = editListOf(timeline, plan.clips);
    const board = await writeBoardExports({
      work,
      title: job.title,
      writer: screenplaySnapshotOf(job).writer,
      style: job.style,
      createdAt: job.createdAt,
      screenplayVersion: job.screenplayVersion,
      layout: job.pdfLayout as PdfLayout | undefined,
      aspect: getAspect(job.aspect),
      characterDictionary: screenplaySnapshotOf(job).characterDictionary,
      blocks,
      clips: editList.map((e, i) => ({ blockId: e.blockId, durationMs: e.durationMs, frame: e.image, path: images[i] })),
    });
    const stems = await fetchStems(job, work);
    const music = stems.some((s) => s.name === "music.wav") ? stemEntry("music") : undefined;
    const zipKey = outputKey(job, "project.zip");
    await writeProjectZip(
      {
        images: editList.map((e, i) => ({ name: e.image, path: images[i] })),
        audio: editList.map((e, i) => ({ name: e.audio, path: audio[i] })),
        captionsSrt: srt,
        captionsVtt: vtt,
        screenplayJson: {
          title: job.title,
          style: job.style,
          aspect: getAspect(job.aspect).id,
          ...(job.screenplaySnapshot as object),
          blocks: blocks.map(toBlockView),
        },
        editList,
        rootFiles: [{ name: "storyboard.pdf", path: board.pdfPath }],
        rootTexts: [{ name: "shot-list.csv", text: board.csv }],
        stems,
        timelineTexts: timelineFiles({ ...timelineSourceOf(job, blocks, plan.clips), music }, timelineFpsOf(job)),
      },
      (zip) => uploadStream(config.mediaBucket, zipKey, zip, outputOf("project.zip").contentType),
    );
    await uploadFile(config.mediaBucket, outputKey(job, "storyboard.pdf"), board.pdfPath, outputOf("storyboard.pdf").contentType);
    await putObject(config.mediaBucket, outputKey(job, "shot-list.csv"), board.csv, outputOf("shot-list.csv").contentType);
  });
  await renderHeartbeat(renderJobId, "compile");
  return { renderJobId };
}
