import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { CAPTION_LINE_CHARS, captionParts, partBounds } from "./captions";
import { compileVideo } from "./compile";
import { ffmpeg } from "./ffmpeg";
import { segmentCommand, segmentOf } from "./segments";
import { buildTimeline, cuesOf } from "./timeline";
import { encodeWav } from "./wav";

const LONG =
  "I told you once and I will tell you again: the lamp has to be lit before the tide turns, or the boats will not find the harbour tonight, and nobody will thank us for the dark.";

describe("captions that fit (docs/decisions.md#captions)", () => {
  it("keeps a short line whole", () => {
    expect(captionParts("Who's there?")).toEqual([{ text: "Who's there?", share: 1 }]);
  });

  it("splits a long line into parts of two lines each, in order, losing no word and adding no '…'", () => {
    const parts = captionParts(LONG);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map((p) => p.text).join(" ")).toBe(LONG);
    for (const p of parts) {
      expect(p.text.length).toBeLessThanOrEqual(2 * CAPTION_LINE_CHARS + 1);
      expect(p.text).not.toContain("\u2026");
    }
    expect(parts.reduce((sum, p) => sum + p.share, 0)).toBeCloseTo(1, 10);
  });

  it("cuts a word longer than a line instead of overflowing the box", () => {
    const parts = captionParts("A".repeat(300));
    expect(parts.map((p) => p.text.replace(/ /g, "")).join("")).toBe("A".repeat(300));
  });

  it("gives each part frames in proportion to its length, end to end", () => {
    const parts = captionParts(LONG);
    const bounds = partBounds(parts, 100);
    expect(bounds[0].start).toBe(0);
    expect(bounds[bounds.length - 1].end).toBe(100);
    for (let i = 1; i < bounds.length; i++) expect(bounds[i].start).toBe(bounds[i - 1].end);
  });

  it("writes the parts as consecutive subtitle cues over the shot", () => {
    const timeline = buildTimeline([6000, 1000]);
    const cues = cuesOf(timeline, [LONG, "Fine."]);
    const own = cues.filter((c) => c.endMs <= 6000);
    expect(own.length).toBe(captionParts(LONG).length);
    expect(own[0].startMs).toBe(0);
    expect(own[own.length - 1].endMs).toBe(6000);
    expect(own.map((c) => c.text).join(" ")).toBe(LONG);
  });

  it("overlays each part only on its own frames in the segment's filter graph", () => {
    // Two shots: the first has no closing hold, so its parts share all its frames.
    const timeline = buildTimeline([4000, 1000]);
    const { graph, args } = segmentCommand({
      timeline,
      // The segment ends with the fade into the next shot (segmentOf), whose still it reads too.
      segment: segmentOf(timeline, 0, 1),
      images: ["still.png", "next.png"],
      captionImages: [
        [
          { path: "part-0.png", share: 0.5 },
          { path: "part-1.png", share: 0.5 },
        ],
      ],
      outPath: "out.ts",
      scriptPath: "graph.txt",
    });
    expect(args.filter((a) => a.startsWith("part-"))).toEqual(["part-0.png", "part-1.png"]);
    const frames = timeline.clips[0].endFrame - timeline.clips[0].firstFrame;
    expect(graph).toContain(`enable='between(n,0,${frames / 2 - 1})'`);
    expect(graph).toContain(`enable='between(n,${frames / 2},${frames - 1})'`);
  });
});

describe("a long caption burned in", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "captions-test-"));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("shows the first part early in the shot and the last part late, never the same box", async () => {
    const image = join(dir, "still.png");
    const audio = join(dir, "line.wav");
    await writeFile(
      image,
      await sharp({ create: { width: 1280, height: 720, channels: 3, background: { r: 40, g: 90, b: 140 } } })
        .png()
        .toBuffer(),
    );
    const samples = new Int16Array(22050 * 6);
    await writeFile(audio, encodeWav({ sampleRate: 22050, channels: 1, samples }));
    const result = await compileVideo({
      clips: [{ imagePath: image, audioPath: audio, durationMs: 6000, caption: LONG }],
      outDir: join(dir, "out"),
      burnCaptions: true,
    });
    // The caption box (captionY 518, 132 px high), shrunk to compare.
    const box = async (seconds: number) =>
      new Uint8Array(
        (
          await ffmpeg([
            "-ss",
            seconds.toFixed(2),
            "-i",
            result.videoPath,
            "-frames:v",
            "1",
            "-vf",
            "crop=1280:132:0:518,scale=128:12",
            "-f",
            "rawvideo",
            "-pix_fmt",
            "gray",
            "pipe:1",
          ])
        ).stdout,
      );
    // The parts share the 6 s of the line (the closing hold keeps the last): the second begins about 4.1 s in.
    const [early, late] = [await box(0.8), await box(5.5)];
    let differing = 0;
    for (let i = 0; i < early.length; i++) if (Math.abs(early[i] - late[i]) > 40) differing++;
    expect(differing).toBeGreaterThan(20);
    expect(result.captionsSrt.split("\n\n").filter(Boolean).length).toBe(captionParts(LONG).length);
  }, 120_000);
});
