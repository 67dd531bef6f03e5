/**
 * The board's export step on its own (docs/decisions.md#storyboard-pdf): the
 * storyboard PDF and the shot list made from a project folder laid out as the
 * project zip is (screenplay.json, edit-list.json, images/…), timed, with the
 * process's peak memory. Run in a process of its own so the peak is the PDF
 * step's alone:
 *
 *   tsx packages/local/bench/board-step.ts DIR [--layout 6-landscape]
 *
 * Prints one JSON line: { pages, panels, pdfMs, csvMs, pdfBytes, peakMb }.
 */
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { boardPanels, type BoardBlock } from "@storyboard/core/board/panels";
import { writeBoardExports } from "@storyboard/core/board/export";
import { DEFAULT_PDF_LAYOUT, type PdfLayout } from "@storyboard/core/board/schema";
import { shotListCsv } from "@storyboard/core/board/shot-list";
import { ASPECTS, getAspect } from "@storyboard/core/catalog/aspects";
import sharp from "sharp";
import type { CharacterDictionary } from "@storyboard/core/screenplay/types";

export interface BoardStepFigures {
  pages: number;
  panels: number;
  pdfMs: number;
  csvMs: number;
  pdfBytes: number;
  peakMb: number;
}

interface ProjectJson {
  title: string;
  style?: string;
  aspect?: string;
  characterDictionary?: CharacterDictionary;
  blocks: { id: string; type: string; text: string; character?: string | null }[];
}

/** A zip made before screenplay.json named its aspect: the aspect closest to its first frame's shape. */
async function aspectOfFrame(path: string | undefined) {
  const { width = 1280, height = 720 } = path ? await sharp(path).metadata() : {};
  return ASPECTS.reduce((best, a) => (Math.abs(a.ratio - width / height) < Math.abs(best.ratio - width / height) ? a : best));
}

export async function boardStep(dir: string, layout: PdfLayout = DEFAULT_PDF_LAYOUT): Promise<BoardStepFigures> {
  const project = JSON.parse(readFileSync(join(dir, "screenplay.json"), "utf8")) as ProjectJson;
  const editList = JSON.parse(readFileSync(join(dir, "edit-list.json"), "utf8")) as {
    clips: { blockId: string; durationMs: number; image: string }[];
  };
  const blocks: BoardBlock[] = project.blocks.map((b) => ({ ...b, blockId: b.id }));
  const clips = editList.clips.map((c) => ({ blockId: c.blockId, durationMs: c.durationMs, frame: c.image, path: join(dir, c.image) }));
  const work = mkdtempSync(join(dir, "board-"));
  const started = performance.now();
  const board = await writeBoardExports({
    work,
    title: project.title,
    style: project.style ?? "documentary",
    createdAt: new Date().toISOString(),
    characterDictionary: project.characterDictionary,
    blocks,
    clips,
    layout,
    aspect: project.aspect ? getAspect(project.aspect) : await aspectOfFrame(clips[0]?.path),
  });
  const exportMs = performance.now() - started;
  // The shot list alone (writeBoardExports makes both from the same panels): timed again by itself.
  const csvStarted = performance.now();
  const panels = boardPanels(blocks, Object.keys(project.characterDictionary ?? {}), new Map(clips.map((c) => [c.blockId, c])));
  shotListCsv(panels);
  const csvMs = performance.now() - csvStarted;
  return {
    pages: board.pages,
    panels: panels.length,
    pdfMs: Math.round(exportMs - csvMs),
    csvMs: Math.round(csvMs),
    pdfBytes: statSync(board.pdfPath).size,
    // maxRSS is in kilobytes.
    peakMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) {
  const dir = process.argv[2];
  if (!dir) throw new Error("Usage: board-step.ts DIR [--layout LAYOUT]");
  const layoutArg = process.argv.indexOf("--layout");
  const figures = await boardStep(dir, layoutArg > 0 ? (process.argv[layoutArg + 1] as PdfLayout) : undefined);
  console.log(JSON.stringify(figures));
}
