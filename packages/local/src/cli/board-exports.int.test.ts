import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { writeBoardExports } from "@storyboard/core/board/export";
import { type PdfLayout } from "@storyboard/core/board/schema";
import { frameBox, pageGeometry } from "@storyboard/core/board/storyboard-pdf";
import { SHOT_LIST_COLUMNS } from "@storyboard/core/board/shot-list";
import { probe } from "@storyboard/core/media/ffmpeg";
import { benchScreenplay } from "@storyboard/core/screenplay/fixtures/bench";
import { timelineSeconds } from "@storyboard/core/timeline/fixtures/readers";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { storyboard } from "../test/cli";

const made: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));


const words = (s: string) => s.replace(/\s+/g, " ").trim();
const pageCount = (pdf: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [pdf], { encoding: "utf8" }))![1]);

/** Renders the pages (all, or `only` one) with Poppler and answers the PNGs made. */
function renderPages(pdf: string, dpi: number, only?: number): string[] {
  const dir = tempDir("board-pages-");
  const range = only ? ["-f", String(only), "-l", String(only)] : [];
  execFileSync("pdftoppm", ["-r", String(dpi), ...range, "-png", pdf, path.join(dir, "page")]);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".png"))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Share of near-white pixels in a box of a page rendered at 72 dpi (one pixel a point). */
async function whiteShare(png: string, box: { x: number; y: number; width: number; height: number }) {
  const { data, info } = await sharp(png)
    .extract({
      left: Math.round(box.x),
      top: Math.round(box.y),
      width: Math.max(1, Math.round(box.width)),
      height: Math.max(1, Math.round(box.height)),
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let white = 0;
  for (let i = 0; i < data.length; i += info.channels) if (data[i] > 235 && data[i + 1] > 235 && data[i + 2] > 235) white++;
  return white / (data.length / info.channels);
}

/** Each panel's frame fills its box (no white inside) and nothing of it spills past (white just outside the border). */
async function expectFramesInBoxes(pdf: string, layout: PdfLayout, panelsOnPage: number) {
  // The first page of panels (the title page comes first), at one pixel a point.
  const [second] = renderPages(pdf, 72, 2);
  const { cells, perPage } = pageGeometry(layout);
  for (const cell of cells.slice(0, panelsOnPage)) {
    const box = frameBox(cell, 16 / 9, perPage);
    expect(await whiteShare(second, { x: box.x + 3, y: box.y + 3, width: box.width - 6, height: box.height - 6 })).toBeLessThan(0.02);
    const ring = 3;
    for (const side of [
      { x: box.x - ring - 1, y: box.y, width: ring, height: box.height },
      { x: box.x + box.width + 1, y: box.y, width: ring, height: box.height },
      { x: box.x, y: box.y + box.height + 1, width: box.width, height: 2 },
    ])
      expect(await whiteShare(second, side)).toBeGreaterThan(0.97);
  }
}

// Two pages: about 20 dialogue lines and 25 panels over six scenes, so every layout still fills several pages and
// ends on a part-filled one; more pages only made the render longer, not the checks stronger.
describe("the board's exports of the 2-page bench screenplay", () => {
  it("storyboard.pdf and shot-list.csv: in the zip and beside it, every dialogue line searchable, every page drawn, frames in their boxes", async () => {
    const dir = tempDir("board-exports-");
    const file = path.join(dir, "harbour.fountain");
    writeFileSync(file, benchScreenplay(2));
    const out = path.join(dir, "out");
    const run = await storyboard(["render", file, "--out", out, "--pdf-layout", "2-landscape"]);
    expect(run.stderr.split("\n").filter((l) => l.includes("failed"))).toEqual([]);
    expect(run.status).toBe(0);

    const zip = unzipSync(new Uint8Array(readFileSync(path.join(out, "project.zip"))));
    // The editing timelines (docs/product.md#editing-timelines), at the video's 25 fps: each as long as the MP4, to a frame.
    const videoSeconds = (await probe(path.join(out, "video.mp4"))).duration;
    const entry = (name: string) => Buffer.from(zip[`timeline/${name}`]).toString("utf8");
    const timelines = timelineSeconds(entry, 25);
    for (const [format, seconds] of Object.entries(timelines)) {
      expect({ format, withinAFrame: Math.abs(seconds - videoSeconds) <= 1 / 25 }).toEqual({ format, withinAFrame: true });
    }
    expect(Buffer.from(zip["storyboard.pdf"]).equals(readFileSync(path.join(out, "storyboard.pdf")))).toBe(true);
    expect(Buffer.from(zip["shot-list.csv"]).equals(readFileSync(path.join(out, "shot-list.csv")))).toBe(true);
    const screenplay = JSON.parse(Buffer.from(zip["screenplay.json"]).toString("utf8")) as {
      blocks: {
        id: string;
        type: string;
        text: string;
        character: string | null;
        hasMedia: boolean;
        shot: { size: string; angle: string; movement: string; number: string } | null;
      }[];
    };
    const visual = screenplay.blocks.filter((b) => b.hasMedia);
    const dialogue = screenplay.blocks.filter((b) => b.type === "dialogue");
    expect(dialogue.length).toBeGreaterThan(10);
    // Every visual block carries a shot, numbered in the production style.
    expect(visual.every((b) => /^\d+[A-HJ-NP-Z]+$/.test(b.shot?.number ?? ""))).toBe(true);

    const pdf = path.join(out, "storyboard.pdf");
    const text = words(execFileSync("pdftotext", ["-layout", pdf, "-"], { encoding: "utf8" }).replace(/\f/g, " "));
    const raw = words(execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" }).replace(/\f/g, " "));
    for (const line of dialogue) expect(raw.includes(words(line.text)) || text.includes(words(line.text)), line.text).toBe(true);
    for (const name of new Set(dialogue.map((d) => d.character!))) expect(raw).toContain(name);
    expect(raw).toContain("The Harbour Letters");
    expect(raw).toContain(visual[1].shot!.number);
    // The font is embedded (pdffonts: "emb" yes).
    expect(
      execFileSync("pdffonts", [pdf], { encoding: "utf8" })
        .split("\n")
        .slice(2)
        .filter(Boolean)
        .every((l) => / yes /.test(l)),
    ).toBe(true);

    const pages = pageCount(pdf);
    expect(pages).toBe(1 + Math.ceil(visual.length / 2));
    expect(renderPages(pdf, 20)).toHaveLength(pages);
    await expectFramesInBoxes(pdf, "2-landscape", 2);

    const csv = readFileSync(path.join(out, "shot-list.csv"), "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const rows = csv.slice(1).trimEnd().split("\r\n");
    expect(rows[0]).toBe(SHOT_LIST_COLUMNS.join(","));
    expect(rows).toHaveLength(1 + visual.length);
    const frames = rows.slice(1).map((r) => r.split(",").at(-1)!);
    expect(frames.every((f) => zip[f] !== undefined)).toBe(true);

    // The other layouts, from the same frames: every page renders, the frames sit in their boxes.
    const editList = JSON.parse(Buffer.from(zip["edit-list.json"]).toString("utf8")) as {
      clips: { blockId: string; durationMs: number; image: string }[];
    };
    const clips = editList.clips.map((c) => {
      const local = path.join(dir, path.basename(c.image));
      writeFileSync(local, zip[c.image]);
      return { blockId: c.blockId, durationMs: c.durationMs, frame: c.image, path: local };
    });
    for (const layout of ["1-portrait", "6-landscape", "6-portrait"] as const) {
      const work = mkdtempSync(path.join(dir, `${layout}-`));
      const board = await writeBoardExports({
        work,
        title: "The Harbour Letters",
        style: "cinematic",
        createdAt: new Date().toISOString(),
        blocks: screenplay.blocks.map((b) => ({ ...b, blockId: b.id })),
        clips,
        layout,
      });
      const perPage = Number(layout[0]);
      expect(pageCount(board.pdfPath)).toBe(1 + Math.ceil(visual.length / perPage));
      expect(renderPages(board.pdfPath, 20)).toHaveLength(board.pages);
      await expectFramesInBoxes(board.pdfPath, layout, perPage);
    }
  }, 600_000);
});
