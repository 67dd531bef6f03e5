import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deriveShots } from "@storyboard/core/board/shots";
import { hasMedia } from "@storyboard/core/render/jobs";
import { OfflineImageProvider } from "@storyboard/core/provider/offline/image";
import { benchScreenplay } from "@storyboard/core/screenplay/fixtures/bench";
import { parseScreenplay } from "@storyboard/core/screenplay/parse";
import { afterAll, describe, expect, it } from "vitest";
import type { BoardStepFigures } from "./board-step";

const dir = mkdtempSync(path.join(tmpdir(), "board-200-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const step = fileURLToPath(new URL("./board-step.ts", import.meta.url));

describe("a 200-page board", () => {
  it("makes one storyboard PDF, streamed: every page drawn, the PDF step's peak memory under 300 MB", async () => {
    const parsed = parseScreenplay(new TextEncoder().encode(benchScreenplay(215)), "long.fountain");
    expect(parsed.pageCount).toBeGreaterThanOrEqual(200);
    const names = Object.keys(parsed.characterDictionary);
    const shots = deriveShots(parsed.blocks, names);
    const visual = parsed.blocks.filter((b) => hasMedia(b) && shots.has(b.id));

    // A dozen distinct frames, each copied to every panel's own file, so every panel embeds an image of its own as a render's do.
    const provider = new OfflineImageProvider();
    const frames = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        provider.generate({
          prompt: "Maya and Theo at the kitchen table.",
          style: "documentary",
          characters: [
            { name: "Maya", gender: "female" },
            { name: "Theo", gender: "male" },
          ],
          blockType: i % 2 ? "dialogue" : "action",
          text: "",
          seed: `frame-${i}`,
          shot: shots.get(visual[i].id),
        }),
      ),
    );
    mkdirSync(path.join(dir, "images"));
    frames.forEach((f, i) => writeFileSync(path.join(dir, `frame-${i}.jpg`), f.bytes));
    const clips = visual.map((b, i) => {
      const image = `images/${String(i + 1).padStart(4, "0")}-${b.id}.jpg`;
      copyFileSync(path.join(dir, `frame-${i % frames.length}.jpg`), path.join(dir, image));
      return { blockId: b.id, durationMs: 2000 + (i % 5) * 700, image };
    });
    writeFileSync(
      path.join(dir, "screenplay.json"),
      JSON.stringify({ title: "The Harbour Letters", characterDictionary: parsed.characterDictionary, blocks: parsed.blocks }),
    );
    writeFileSync(path.join(dir, "edit-list.json"), JSON.stringify({ clips }));

    // Its own process, so the peak is the PDF step's alone.
    const output = execFileSync(process.execPath, ["--import", "tsx", step, dir, "--layout", "6-landscape"], { encoding: "utf8" });
    const figures = JSON.parse(output.trim().split("\n").at(-1)!) as BoardStepFigures;
    expect(figures.panels).toBe(visual.length);
    expect(figures.panels).toBeGreaterThan(1000);
    expect(figures.pages).toBe(1 + Math.ceil(visual.length / 6));
    expect(figures.peakMb).toBeLessThan(300);

    const [work] = readdirSync(dir).filter((f) => f.startsWith("board-"));
    const pdf = path.join(dir, work, "storyboard.pdf");
    expect(execFileSync("pdfinfo", [pdf], { encoding: "utf8" })).toMatch(new RegExp(`Pages:\\s+${figures.pages}\\b`));
    // The last page is whole: it renders, and its footer counts every page.
    const last = execFileSync("pdftotext", ["-f", String(figures.pages), "-l", String(figures.pages), pdf, "-"], { encoding: "utf8" });
    expect(last).toContain(`Page ${figures.pages} of ${figures.pages}`);
    execFileSync("pdftoppm", ["-r", "10", "-png", "-f", String(figures.pages), "-l", String(figures.pages), pdf, path.join(dir, "last")]);
    expect(readdirSync(dir).some((f) => f.startsWith("last") && f.endsWith(".png"))).toBe(true);
    console.log(
      `200 pages: ${figures.panels} panels on ${figures.pages} PDF pages; PDF ${figures.pdfMs} ms, shot list ${figures.csvMs} ms, peak ${figures.peakMb} MB`,
    );
  }, 300_000);
});
