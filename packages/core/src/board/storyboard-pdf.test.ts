import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAspect } from "../catalog/aspects";
import { draftLabel, writeBoardExports } from "./export";
import type { BoardBlock } from "./panels";
import type { PdfLayout } from "./schema";
import { frameBox, pageGeometry } from "./storyboard-pdf";

const work = mkdtempSync(join(tmpdir(), "storyboard-pdf-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A small board: a heading (no frame of its own here), an insert and a speech, each with the shot the writer chose. */
const blocks: BoardBlock[] = [
  { blockId: "b1", type: "scene_heading", text: "INT. SIGNAL BOX - NIGHT" },
  {
    blockId: "b2",
    type: "action",
    text: "The lever trembles under Mara's hand.",
    shot: { size: "insert", angle: "overhead", movement: "pan", number: "4B" },
  },
  { blockId: "b3", type: "parenthetical", text: "(under her breath)", character: "MARA" },
  {
    blockId: "b4",
    type: "dialogue",
    text: "Not tonight. Not on my watch.",
    character: "MARA",
    shot: { size: "close_up", angle: "low", movement: "push_in", number: "4C" },
  },
];

let frame: string;
beforeAll(async () => {
  // A 16:9 frame at the size offline renders make (docs/decisions.md#aspect-ratios).
  frame = join(work, "frame.jpg");
  await sharp({ create: { width: 1280, height: 720, channels: 3, background: { r: 90, g: 120, b: 160 } } })
    .jpeg()
    .toFile(frame);
});

async function board(layout: PdfLayout, ids: string[]) {
  const dir = mkdtempSync(join(work, `${layout}-`));
  return writeBoardExports({
    work: dir,
    title: "Night Shift",
    writer: "Ada Pike",
    style: "documentary",
    createdAt: "2026-11-26T23:30:00.000Z",
    screenplayVersion: 3,
    characterDictionary: { MARA: {} as never },
    blocks,
    clips: ids.map((blockId, i) => ({ blockId, durationMs: 2400 + i * 1000, frame: `images/000${i + 1}-${blockId}.jpg`, path: frame })),
    layout,
    aspect: getAspect("16:9"),
  });
}

const text = (pdf: string, page: number) =>
  execFileSync("pdftotext", ["-f", String(page), "-l", String(page), pdf, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");

describe("the storyboard PDF", () => {
  let twoUp: ReturnType<typeof board>;
  beforeAll(() => {
    twoUp = board("2-landscape", ["b2", "b4"]);
  });

  it("names the draft by number and day (UTC) on the title page and in every footer", async () => {
    expect(draftLabel(3, "2026-11-26T23:30:00.000Z")).toBe("Draft 3 · 26 Nov 2026");
    expect(draftLabel(undefined, "2026-09-01T00:00:00.000Z")).toBe("Draft 1 · 1 Sep 2026");
    const { pdfPath, pages } = await twoUp;
    expect(pages).toBe(2);
    const title = text(pdfPath, 1);
    expect(title).toContain("Written by Ada Pike");
    expect(title).toContain("Draft 3 · 26 Nov 2026");
    expect(title).toContain("Night Shift · Draft 3 · 26 Nov 2026");
    expect(text(pdfPath, 2)).toContain("Night Shift · Draft 3 · 26 Nov 2026");
    expect(text(pdfPath, 2)).toContain("Page 2 of 2");
  });

  it("prints each panel's shot number, heading, size · angle · movement · hold and the lines it covers", async () => {
    const { pdfPath } = await twoUp;
    const panels = text(pdfPath, 2);
    for (const words of [
      "4B",
      "INT. SIGNAL BOX - NIGHT",
      "Insert · Overhead · Pan · 2.4 s",
      "The lever trembles under Mara's hand.",
      "4C",
      "Close-up · Low angle · Push in · 3.4 s",
      "MARA (under her breath)",
      "Not tonight. Not on my watch.",
    ])
      expect(panels).toContain(words);
  });

  it("embeds a 1280x720 frame at 150 dpi or more in the 1-up landscape panel, its largest", async () => {
    const { pdfPath } = await board("1-landscape", ["b2"]);
    // page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
    const rows = execFileSync("pdfimages", ["-f", "2", "-l", "2", "-list", pdfPath], { encoding: "utf8" })
      .trim()
      .split("\n")
      .slice(2)
      .map((row) => row.trim().split(/\s+/));
    expect(rows).toHaveLength(1);
    const [width, height, xPpi, yPpi] = [3, 4, 12, 13].map((i) => Number(rows[0][i]));
    expect([width, height]).toEqual([1280, 720]);
    expect(Math.min(xPpi, yPpi)).toBeGreaterThanOrEqual(150);
    // The same figure from the layout's geometry (72 points an inch), the one docs/decisions.md#storyboard-pdf states.
    const { cells } = pageGeometry("1-landscape");
    expect(Math.floor(1280 / (frameBox(cells[0], 16 / 9, 1).width / 72))).toBe(Math.min(xPpi, yPpi));
  });
});
