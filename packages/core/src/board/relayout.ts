/**
 * The storyboard PDF laid out again in another layout from the render page
 * (docs/decisions.md#storyboard-pdf-layout-on-the-render-page): the same
 * frames, panels and words, only the layout changes. The project zip keeps the
 * PDF it was made with; the download and the render's `pdfLayout` follow the
 * new choice.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { downloadFile, uploadFile } from "../blob/s3";
import { config } from "../config";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { mapWithLimit } from "../render/concurrency";
import { outputKey, outputOf } from "../render/compile-plan";
import { getOwnRenderJob, getRenderBlocks, hasMedia } from "../render/jobs";
import { boardFactsOf } from "../render/screenplay-snapshot";
import { writeBoardExports } from "./export";
import type { PdfLayout } from "./schema";

const DOWNLOADS_AT_ONCE = 16;

export async function relayoutStoryboardPdf(renderJobId: string, layout: PdfLayout) {
  const job = await getOwnRenderJob(renderJobId);
  if (job.status !== "complete" || !job.storyboardPdfPath)
    throw AppError.conflict("The storyboard PDF can be laid out again once the render is complete.");
  if (job.pdfLayout === layout) return { storyboardPdfPath: job.storyboardPdfPath, pdfLayout: layout };
  const blocks = await getRenderBlocks(renderJobId);
  const framed = blocks.filter((b) => hasMedia(b) && b.imageUrl?.[0] && b.duration);
  const work = await mkdtemp(join(tmpdir(), `relayout-${renderJobId.slice(0, 8)}-`));
  try {
    // Named as in the project zip (render/package-render.ts), so a panel's frame is the zip's entry.
    const clips = framed.map((b, i) => {
      const frame = `images/${String(i + 1).padStart(4, "0")}-${b.blockId}${extname(b.imageUrl![0])}`;
      return {
        blockId: b.blockId,
        durationMs: b.duration!,
        frame,
        path: join(work, `frame-${i}${extname(b.imageUrl![0])}`),
        key: b.imageUrl![0],
      };
    });
    await mapWithLimit(clips, DOWNLOADS_AT_ONCE, (c) => downloadFile(config.mediaBucket, c.key, c.path));
    const board = await writeBoardExports({
      work,
      ...boardFactsOf(job),
      layout,
      blocks,
      clips,
    });
    const key = outputKey(job, "storyboard.pdf");
    await uploadFile(config.mediaBucket, key, board.pdfPath, outputOf("storyboard.pdf").contentType);
    await db.entities.renderJob.patch({ renderJobId }).set({ pdfLayout: layout, storyboardPdfPath: key }).go();
    return { storyboardPdfPath: key, pdfLayout: layout };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
