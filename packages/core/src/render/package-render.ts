import { getAspect } from "../catalog/aspects";
import { writeBoardExports } from "../board/export";
import type { PdfLayout } from "../board/schema";
import { listFoldersOf, putObject } from "../blob/s3";
import { composeObject } from "../blob/s3-compose";
import { config } from "../config";
import { editListOf, projectZipEntries } from "../media/archive";
import { keptPieces, planZip } from "../media/zip-plan";
import { captionFiles } from "../media/compile";
import { stemEntry, stemsForZip } from "../mix/render-mix";
import { timelineFiles } from "../timeline/files";
import { timelineFpsOf, timelineSourceOf } from "../timeline/render-timeline";
import { allClips, downloadClips, inWorkDir } from "./compile-files";
import { outputKey, outputOf, readCompilePlan, timelineOf } from "./compile-plan";
import { renderHeartbeat } from "./deadlines";
import { getRenderBlocks, getRenderJob, toBlockView } from "./jobs";
import { packagePoster } from "./poster";
import { boardFactsOf } from "./screenplay-snapshot";
import { findPreviousZip, keepZipIndex } from "./zip-index";

/** The clip objects' identities for the zip's index, `{ETag}-{length}`, from a listing of the folders they are in. */
async function clipIdentities(keys: string[]): Promise<Map<string, string>> {
  const listed = await listFoldersOf(config.mediaBucket, keys);
  return new Map(listed.flatMap((o) => (o.tag ? [[o.key, `${o.tag}-${o.size}`]] : [])));
}

/**
 * PackageRender (after CompileAudio): the poster and the project zip (images, narration clips, the mix's
 * stems, captions, screenplay, edit list). The zip is composed from the previous render's of the screenplay
 * where unchanged (docs/decisions.md#a-revised-zip-is-composed-from-the-previous-one), so only the narration
 * clips it lacks are downloaded; the images all are, for the PDF, those the previous zip holds read from it.
 */
export async function packageRender({ renderJobId }: { renderJobId: string }) {
  const job = await getRenderJob(renderJobId);
  const plan = await readCompilePlan(job);
  const timeline = timelineOf(plan);
  const blocks = await getRenderBlocks(renderJobId);
  const zipKey = outputKey(job, "project.zip");
  const [previous, identities] = await Promise.all([
    findPreviousZip(job, zipKey),
    clipIdentities([...plan.clips.map((c) => c.image), ...plan.clips.map((c) => c.audio)]),
  ]);
  const kept = new Set((previous?.entries ?? []).flatMap((e) => (e.identity ? [e.identity] : [])));
  const audioNeeded = allClips(plan).filter((i) => !kept.has(identities.get(plan.clips[i].audio) ?? ""));
  await inWorkDir(renderJobId, async (work) => {
    // Both at once: the downloads are most of this task's wall time on a revised render.
    const [images, audio] = await Promise.all([
      downloadClips(work, plan, "img", allClips(plan), previous && { zip: previous, identities }),
      downloadClips(work, plan, "aud", audioNeeded),
    ]);
    await packagePoster(job, plan, images[0], work);
    const { srt, vtt } = captionFiles(
      timeline,
      plan.clips.map((c) => c.caption),
    );
    const editList = editListOf(timeline, plan.clips);
    const board = await writeBoardExports({
      work,
      ...boardFactsOf(job),
      layout: job.pdfLayout as PdfLayout | undefined,
      blocks,
      clips: editList.map((e, i) => ({ blockId: e.blockId, durationMs: e.durationMs, frame: e.image, path: images[i] })),
    });
    const stems = await stemsForZip(job, work, (entry) => keptPieces(previous, entry));
    const music = stems.some((s) => s.name === "music.wav") ? stemEntry("music") : undefined;
    const identity = (key: string) => identities.get(key);
    const entries = projectZipEntries({
      images: editList.map((e, i) => ({ name: e.image, path: images[i], identity: identity(plan.clips[i].image) })),
      audio: editList.map((e, i) => ({ name: e.audio, path: audio[i], identity: identity(plan.clips[i].audio) })),
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
    });
    // The render's creation time, not now: a retried task writes the same zip.
    const zip = await planZip(entries, { modified: new Date(job.createdAt), previous });
    const sent = await composeObject(config.mediaBucket, zipKey, zip.runs, { source: previous?.zipKey, contentType: outputOf("project.zip").contentType });
    // The index's offsets are the plan's: a zip of another length would be unreadable from its central directory on.
    if (sent.copiedBytes + sent.sentBytes !== zip.size) throw new Error(`The project zip came out ${sent.copiedBytes + sent.sentBytes} bytes long, not ${zip.size}.`);
    const { etag } = sent;
    await keepZipIndex(job, {
      version: 1,
      zipKey,
      etag,
      size: zip.size,
      entries: zip.entries,
      ...(previous ? { composedFrom: previous.zipKey, copiedBytes: zip.copiedBytes } : {}),
    });
    // The PDF is sent once, inside the zip: its own object is a copy of that entry's bytes, made inside S3.
    const pdf = zip.entries.find((e) => e.name === "storyboard.pdf");
    if (!pdf || pdf.method !== 0) throw new Error("The project zip holds no stored storyboard.pdf to copy.");
    const pdfStart = pdf.headerOffset + pdf.headerLength;
    await composeObject(config.mediaBucket, outputKey(job, "storyboard.pdf"), [{ copy: [pdfStart, pdfStart + pdf.dataLength] }], {
      source: zipKey,
      contentType: outputOf("storyboard.pdf").contentType,
    });
    await putObject(config.mediaBucket, outputKey(job, "shot-list.csv"), board.csv, outputOf("shot-list.csv").contentType);
  });
  await renderHeartbeat(renderJobId, "compile");
  return { renderJobId };
}
