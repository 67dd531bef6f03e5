import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { probe } from "@storyboard/core/media/ffmpeg";
import { benchScreenplay } from "@storyboard/core/screenplay/fixtures/bench";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { storyboard } from "../test/cli";

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function screenplayFile(pages: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "aspect-render-"));
  made.push(dir);
  const file = path.join(dir, "harbour.fountain");
  writeFileSync(file, benchScreenplay(pages));
  return { dir, file };
}

describe("a 9:16 render from the command line", () => {
  it("makes a 720x1280 video, poster and frames, and a PDF whose panels are upright", async () => {
    const { dir, file } = screenplayFile(1);
    const out = path.join(dir, "out");
    const run = await storyboard(["render", file, "--out", out, "--style", "documentary", "--aspect", "9:16", "--captions", "--pdf-layout", "6-portrait"]);
    expect(run.stderr.split("\n").filter((l) => /failed|error/i.test(l))).toEqual([]);
    expect(run.status).toBe(0);

    const video = (await probe(path.join(out, "video.mp4"))).streams.find((s) => s.codecType === "video")!;
    expect([video.width, video.height]).toEqual([720, 1280]);
    const poster = await sharp(path.join(out, "poster.jpg")).metadata();
    expect([poster.width, poster.height]).toEqual([720, 1280]);

    const zip = unzipSync(new Uint8Array(readFileSync(path.join(out, "project.zip"))));
    const frames = Object.keys(zip).filter((name) => name.startsWith("images/"));
    expect(frames.length).toBeGreaterThan(3);
    for (const name of frames) {
      const meta = await sharp(Buffer.from(zip[name])).metadata();
      expect([meta.width, meta.height], name).toEqual([720, 1280]);
    }

    // The PDF names the aspect and embeds the upright frames as they are.
    const pdf = path.join(out, "storyboard.pdf");
    expect(execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" })).toContain("Aspect: 9:16");
    const images = execFileSync("pdfimages", ["-list", pdf], { encoding: "utf8" })
      .split("\n")
      .slice(2)
      .filter(Boolean)
      .map((l) => l.trim().split(/\s+/));
    expect(images.length).toBe(frames.length);
    // Columns: page num type width height ...
    expect(images.every((cols) => cols[3] === "720" && cols[4] === "1280")).toBe(true);
  }, 600_000);

  it("refuses an aspect the style cannot draw, with a message, before rendering anything", async () => {
    const { dir, file } = screenplayFile(1);
    const out = path.join(dir, "refused");
    const run = await storyboard(["render", file, "--out", out, "--style", "cinematic", "--aspect", "9:16"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/Cinematic Realism is drawn in widescreen only .* cannot make a 9:16 render/);
    const unknown = await storyboard(["render", file, "--out", out, "--aspect", "3:2"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown aspect "3:2"/);
  }, 60_000);
});
