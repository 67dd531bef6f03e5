/**
 * The board's exports of a finished compile: the storyboard PDF and the shot
 * list, written from the frames the project zip holds (the compile's
 * PackageRender task calls this, so there is one pipeline).
 */
import { join } from "node:path";
import { type Aspect, getAspect } from "../catalog/aspects";
import { VISUAL_STYLES } from "../catalog/styles";
import type { CharacterDictionary } from "../screenplay/types";
import { boardPanels, type BoardBlock } from "./panels";
import { DEFAULT_PDF_LAYOUT, type PdfLayout } from "./schema";
import { shotListCsv } from "./shot-list";
import { writeStoryboardPdf } from "./storyboard-pdf";

export interface BoardExportInput {
  work: string;
  title: string;
  /** The writer the screenplay's title page credits ('Written by NAME' on the PDF's title page). */
  writer?: string;
  style: string;
  /** When the render was made: the draft's date on the title page and in the footer. */
  createdAt: string;
  /** The screenplay draft the render was made from (the render's `screenplayVersion`; renders before drafts were counted are draft 1). */
  screenplayVersion?: number;
  characterDictionary?: CharacterDictionary;
  blocks: BoardBlock[];
  /** The compiled clips in order: block, hold, the frame's zip entry and its local file. */
  clips: { blockId: string; durationMs: number; frame: string; path: string }[];
  layout?: PdfLayout;
  /** The render's aspect: the title page names it and every panel keeps it; default 16:9. */
  aspect?: Aspect;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * 'Draft 3 · 26 Nov 2026': the number the product shows the draft by and the
 * render's day (UTC). Months are spelled here, not by Intl, whose en-GB "Sept"
 * depends on the ICU the runtime ships.
 */
export function draftLabel(screenplayVersion: number | undefined, createdAt: string): string {
  const day = new Date(createdAt);
  return `Draft ${screenplayVersion ?? 1} · ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

export async function writeBoardExports(input: BoardExportInput): Promise<{ pdfPath: string; csv: string; pages: number }> {
  const names = Object.keys(input.characterDictionary ?? {});
  const clips = new Map(input.clips.map((c) => [c.blockId, c]));
  const panels = boardPanels(input.blocks, names, clips);
  const aspect = input.aspect ?? getAspect(undefined);
  const pdfPath = join(input.work, "storyboard.pdf");
  const { pages } = await writeStoryboardPdf({
    outPath: pdfPath,
    title: input.title,
    writer: input.writer,
    draft: draftLabel(input.screenplayVersion, input.createdAt),
    style: VISUAL_STYLES.find((s) => s.id === input.style)?.name ?? input.style,
    aspect: { label: aspect.id, ratio: aspect.ratio },
    layout: input.layout ?? DEFAULT_PDF_LAYOUT,
    panels,
    framePath: (panel) => clips.get(panel.blockId)!.path,
  });
  return { pdfPath, csv: shotListCsv(panels), pages };
}
