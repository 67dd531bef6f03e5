/**
 * `storyboard.pdf` (docs/decisions.md#storyboard-pdf): a title page, then the
 * panels 1, 2 or 6 to a page, portrait or landscape, with real text in an
 * embedded font. Written with PDFKit as a stream: each page goes to the file
 * when the next begins and each frame's JPEG is copied in (not re-encoded) and
 * let go, so a 200-page board never sits whole in memory.
 */
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { finished } from "node:stream/promises";
import PDFDocument from "pdfkit";
import { textFontOptions } from "../media/fonts";
import { type Panel, type PanelLine, seconds } from "./panels";
import { SHOT_ANGLE_LABELS, SHOT_MOVEMENT_LABELS, SHOT_SIZE_LABELS } from "./shot-vocabulary";
import { PDF_LAYOUTS, type PdfLayout } from "./schema";

export { PDF_LAYOUTS, type PdfLayout };

/** US Letter, in points: the paper screenplays are printed on. */
const LETTER = { width: 612, height: 792 };
const MARGIN = 36;
const FOOTER = 20;
const GUTTER = 14;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Panels a page and the grid they sit in, by layout. */
export function pageGeometry(layout: PdfLayout) {
  const [count, orientation] = layout.split("-") as [string, "portrait" | "landscape"];
  const perPage = Number(count);
  const page = orientation === "landscape" ? { width: LETTER.height, height: LETTER.width } : LETTER;
  const [cols, rows] =
    perPage === 1
      ? [1, 1]
      : perPage === 2
        ? orientation === "landscape"
          ? [2, 1]
          : [1, 2]
        : orientation === "landscape"
          ? [3, 2]
          : [2, 3];
  const cellW = (page.width - 2 * MARGIN - (cols - 1) * GUTTER) / cols;
  const cellH = (page.height - 2 * MARGIN - FOOTER - (rows - 1) * GUTTER) / rows;
  const cells: Box[] = Array.from({ length: perPage }, (_, i) => ({
    x: MARGIN + (i % cols) * (cellW + GUTTER),
    y: MARGIN + Math.floor(i / cols) * (cellH + GUTTER),
    width: cellW,
    height: cellH,
  }));
  return { perPage, page, cells, orientation };
}

/** The frame's box inside a cell: full width at the frame's aspect, leaving at least `textShare` of the cell for words. */
export function frameBox(cell: Box, aspect: number, perPage: number): Box {
  const header = perPage === 6 ? 14 : 18;
  const textShare = perPage === 2 ? 0.3 : 0.34;
  const maxH = (cell.height - header) * (1 - textShare);
  const width = Math.min(cell.width, maxH * aspect);
  const height = width / aspect;
  return { x: cell.x + (cell.width - width) / 2, y: cell.y + header, width, height };
}

export interface StoryboardInput {
  outPath: string;
  title: string;
  /** Shown under the title when the script names one. */
  writer?: string;
  /** The draft, named as the title page and the footer show it ('Draft 3 · 26 Nov 2026', `draftLabel`). */
  draft: string;
  style: string;
  aspect: { label: string; ratio: number };
  layout: PdfLayout;
  panels: Panel[];
  /** Local path of each panel's frame (a JPEG or PNG), by block id. */
  framePath: (panel: Panel) => string;
}

function fonts(doc: PDFKit.PDFDocument) {
  const files = textFontOptions().fontFiles ?? [];
  // PDFKit embeds (a subset of) a TrueType font; its built-in Helvetica is not embedded, so it is only the fallback.
  if (files[0]) doc.registerFont("body", files[0]);
  if (files[1] ?? files[0]) doc.registerFont("bold", files[1] ?? files[0]);
  return { body: files[0] ? "body" : "Helvetica", bold: files[0] ? "bold" : "Helvetica-Bold" };
}

const shotWordsOf = (p: Panel) =>
  `${SHOT_SIZE_LABELS[p.shot.size]} · ${SHOT_ANGLE_LABELS[p.shot.angle]} · ${SHOT_MOVEMENT_LABELS[p.shot.movement]} · ${seconds(p.durationMs)} s`;

/** Writes the PDF to `outPath`; answers its page count. */
export async function writeStoryboardPdf(input: StoryboardInput): Promise<{ pages: number }> {
  const geometry = pageGeometry(input.layout);
  const { perPage, page, cells } = geometry;
  const doc = new PDFDocument({
    size: [page.width, page.height],
    margin: 0,
    autoFirstPage: false,
    bufferPages: false,
    info: { Title: `${input.title}: storyboard`, Creator: "Storyboard" },
  });
  const out = createWriteStream(input.outPath);
  doc.pipe(out);
  const font = fonts(doc);
  const pages = 1 + Math.ceil(input.panels.length / perPage);
  const small = perPage === 6 ? 7.5 : perPage === 2 ? 9 : 10.5;

  const footer = (n: number) => {
    doc.font(font.body).fontSize(8).fillColor("#555555");
    const y = page.height - MARGIN - 8;
    doc.text(`${input.title} · ${input.draft}`, MARGIN, y, { width: page.width / 2, lineBreak: false });
    doc.text(`Page ${n} of ${pages}`, page.width / 2, y, { width: page.width / 2 - MARGIN, align: "right", lineBreak: false });
  };

  // The title page.
  doc.addPage();
  const scenes = new Set(input.panels.map((p) => p.sceneNumber)).size;
  const running = input.panels.reduce((sum, p) => sum + p.durationMs, 0);
  doc.font(font.bold).fontSize(28).fillColor("#000000");
  doc.text(input.title, MARGIN, page.height * 0.3, { width: page.width - 2 * MARGIN, align: "center" });
  doc.moveDown(0.4).font(font.body).fontSize(13).text("Storyboard", { align: "center" });
  if (input.writer) doc.moveDown(1).fontSize(12).text(`Written by ${input.writer}`, { align: "center" });
  doc.moveDown(2).fontSize(11);
  for (const line of [
    input.draft,
    `Style: ${input.style}`,
    `Aspect: ${input.aspect.label}`,
    `${input.panels.length} shots in ${scenes} scenes · ${seconds(running)} s`,
  ])
    doc.text(line, { align: "center" });
  footer(1);

  for (let start = 0, n = 2; start < input.panels.length; start += perPage, n++) {
    doc.addPage();
    input.panels.slice(start, start + perPage).forEach((panel, i) => drawPanel(doc, font, panel, cells[i], input, perPage, small));
    footer(n);
    await drained(doc, out);
  }
  doc.end();
  await finished(out);
  return { pages };
}

/**
 * PDFKit pushes every finished object into its output at once and ignores
 * back-pressure, so a loop that never yields holds the whole file (every frame)
 * in memory until the end. After each page: let the pipe move what is written
 * to the file, and wait while the file is behind.
 */
async function drained(doc: PDFKit.PDFDocument, out: NodeJS.WritableStream & { writableNeedDrain: boolean }) {
  do {
    await new Promise((resolve) => setImmediate(resolve));
    if (out.writableNeedDrain) await once(out, "drain");
  } while (doc.readableLength > FLUSH_AT);
}
/** Bytes of finished PDF that may wait in memory before the next page is drawn. */
const FLUSH_AT = 4 * 1024 * 1024;

function drawPanel(
  doc: PDFKit.PDFDocument,
  font: { body: string; bold: string },
  panel: Panel,
  cell: Box,
  input: StoryboardInput,
  perPage: number,
  size: number,
) {
  const frame = frameBox(cell, input.aspect.ratio, perPage);
  doc
    .font(font.bold)
    .fontSize(size + 2)
    .fillColor("#000000");
  doc.text(panel.shot.number, cell.x, cell.y, { lineBreak: false });
  doc.font(font.body).fontSize(size).fillColor("#444444");
  doc.text(panel.heading, cell.x + 40, cell.y + 1.5, { width: cell.width - 40, height: size * 1.3, ellipsis: true, lineBreak: false });
  doc.image(input.framePath(panel), frame.x, frame.y, { fit: [frame.width, frame.height], align: "center", valign: "center" });
  doc.lineWidth(0.75).strokeColor("#000000").rect(frame.x, frame.y, frame.width, frame.height).stroke();

  let y = frame.y + frame.height + 5;
  const bottom = cell.y + cell.height;
  doc.font(font.bold).fontSize(size).fillColor("#000000");
  doc.text(shotWordsOf(panel), cell.x, y, { width: cell.width, lineBreak: false });
  y += size * 1.6;
  for (const line of panel.lines) {
    if (y > bottom - size) break;
    y = drawLine(doc, font, line, cell.x, y, cell.width, bottom - y, size);
  }
}

/** One line of the script; answers where the next begins. Text past the cell ends in an ellipsis. */
function drawLine(
  doc: PDFKit.PDFDocument,
  font: { body: string; bold: string },
  line: PanelLine,
  x: number,
  y: number,
  width: number,
  room: number,
  size: number,
) {
  const options = { width, height: room, ellipsis: true };
  if (line.kind === "dialogue") {
    // Character names as in the script: in capitals, centred over their speech.
    doc
      .font(font.bold)
      .fontSize(size)
      .text(`${line.character ?? ""}${line.parenthetical ? ` ${line.parenthetical}` : ""}`, x, y, { ...options, align: "center" });
    doc
      .font(font.body)
      .text(line.text, x + width * 0.1, doc.y, { ...options, width: width * 0.8, height: Math.max(size, room - (doc.y - y)) });
  } else {
    doc
      .font(line.kind === "action" ? font.body : font.bold)
      .fontSize(size)
      .text(line.text, x, y, options);
  }
  return doc.y + size * 0.4;
}
