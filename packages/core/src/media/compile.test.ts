import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editListOf, toFile, writeProjectZip } from "./archive";
import { compileVideo, type CompileResult, joinSegments, renderSegment } from "./compile";
import { ffmpeg, FfmpegError, MAX_PROCESSES, probe } from "./ffmpeg";
import { planSegments, segmentCommand } from "./segments";
import { buildTimeline, holdsOf } from "./timeline";
import { encodeWav } from "./wav";

/** Distinct colours, each with a centred block of a second colour. */
const CLIPS = [
  { outer: [220, 30, 30], inner: [250, 250, 250], durationMs: 1200, tone: 330, caption: "The door creaks open." },
  { outer: [30, 190, 60], inner: [20, 20, 20], durationMs: 900, tone: 440, caption: "Who's there?" },
  { outer: [40, 60, 225], inner: [240, 220, 40], durationMs: 1500, tone: 550, caption: "Nobody. Just the wind." },
  { outer: [235, 200, 40], inner: [120, 30, 160], durationMs: 1000, tone: 660, caption: "Then why is the light on?" },
];
const W = 32;
const H = 18;
/** Rows compared: the upper part, clear of burned-in captions. */
const ROWS = 10;

let dir: string;
let result: CompileResult;
const imagePaths: string[] = [];
const audioPaths: string[] = [];

async function testImage([r, g, b]: number[], inner: number[]): Promise<Buffer> {
  const block = await sharp({ create: { width: 480, height: 270, channels: 3, background: { r: inner[0], g: inner[1], b: inner[2] } } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1280, height: 720, channels: 3, background: { r, g, b } } })
    .composite([{ input: block, left: 400, top: 225 }])
    .png()
    .toBuffer();
}

function tone(hz: number, ms: number): Uint8Array {
  const rate = 22050;
  const samples = new Int16Array(Math.round((ms / 1000) * rate));
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * hz * i) / rate));
  return encodeWav({ sampleRate: rate, channels: 1, samples });
}

const small = async (file: string) => new Uint8Array(await sharp(file).resize(W, H, { fit: "fill" }).removeAlpha().raw().toBuffer());

async function frameAt(video: string, seconds: number): Promise<Uint8Array> {
  const { stdout } = await ffmpeg([
    "-ss",
    seconds.toFixed(3),
    "-i",
    video,
    "-frames:v",
    "1",
    "-vf",
    `scale=${W}:${H}`,
    "-f",
    "rawvideo",
    "-pix_fmt",
    "rgb24",
    "pipe:1",
  ]);
  return new Uint8Array(stdout);
}

function diff(a: Uint8Array, b: Uint8Array, rows = ROWS): number {
  let sum = 0;
  const n = Math.min(rows * W * 3, a.length);
  for (let i = 0; i < n; i++) sum += Math.abs(a[i] - b[i]);
  return sum / n;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "compile-test-"));
  for (const [i, c] of CLIPS.entries()) {
    imagePaths.push(join(dir, `image-${i}.png`));
    audioPaths.push(join(dir, `audio-${i}.wav`));
    await writeFile(imagePaths[i], await testImage(c.outer, c.inner));
    await writeFile(audioPaths[i], tone(c.tone, c.durationMs));
  }
  result = await compileVideo({
    clips: CLIPS.map((c, i) => ({ imagePath: imagePaths[i], audioPath: audioPaths[i], durationMs: c.durationMs, caption: c.caption })),
    outDir: join(dir, "out"),
    burnCaptions: true,
    title: "The Old House",
    segments: 3, // more segments than CPUs here: exercises fades across segment boundaries
  });
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

// Every shot holds at least 1.5 s and the last 2 s longer (timeline.ts): 1.5 + 1.5 + 1.5 + 3.5 s.
const totalMs = holdsOf(CLIPS.map((c) => c.durationMs)).reduce((s, d) => s + d, 0);

describe("compileVideo", () => {
  it("writes an H.264 + AAC mp4 at 1280x720 as long as the narration", async () => {
    const info = await probe(result.videoPath);
    const video = info.streams.find((s) => s.codecType === "video");
    const audio = info.streams.find((s) => s.codecType === "audio");
    expect(video).toMatchObject({ codecName: "h264", width: 1280, height: 720, pixFmt: "yuv420p" });
    expect(audio?.codecName).toBe("aac");
    expect(Math.abs(info.duration * 1000 - totalMs) / totalMs).toBeLessThan(0.01);
    expect(Math.abs((video?.duration ?? 0) * 1000 - totalMs) / totalMs).toBeLessThan(0.01);
    expect(result.durationMs).toBe(totalMs);
  });

  it("shows each clip's picture at its midpoint, and not the others'", async () => {
    const sources = await Promise.all(imagePaths.map(small));
    for (const [i, clip] of result.timeline.entries()) {
      const frame = await frameAt(result.videoPath, (clip.startMs + clip.durationMs / 2) / 1000);
      expect(diff(frame, sources[i]), `clip ${i}`).toBeLessThan(15);
      for (const [j, other] of sources.entries()) if (j !== i) expect(diff(frame, other), `clip ${i} vs ${j}`).toBeGreaterThan(40);
    }
  });

  it("moves each picture gently: a slow pan across the clip", async () => {
    // Clip 2 is blue with a yellow block; find the block's centre near the clip's start and end.
    const blockX = async (seconds: number) => {
      const { stdout } = await ffmpeg([
        "-ss",
        seconds.toFixed(3),
        "-i",
        result.videoPath,
        "-frames:v",
        "1",
        "-f",
        "rawvideo",
        "-pix_fmt",
        "rgb24",
        "pipe:1",
      ]);
      let sum = 0,
        count = 0;
      for (let p = 0; p < 1280 * 500; p++) {
        const [r, g, b] = [stdout[p * 3], stdout[p * 3 + 1], stdout[p * 3 + 2]];
        if (r > 180 && g > 160 && b < 110) ((sum += p % 1280), count++);
      }
      return sum / count;
    };
    const clip = result.timeline[2];
    const early = await blockX((clip.startMs + 300) / 1000);
    const late = await blockX((clip.startMs + clip.durationMs - 300) / 1000);
    expect(early - late).toBeGreaterThan(15); // the view drifts right, so the block moves left
    expect(early - late).toBeLessThan(80); // gently: within the 6 % margin
  });

  it("crossfades: at a boundary the picture is a blend of both neighbours", async () => {
    const sources = await Promise.all(imagePaths.map(small));
    const frame = await frameAt(result.videoPath, result.timeline[2].startMs / 1000);
    expect(diff(frame, sources[1])).toBeGreaterThan(20);
    expect(diff(frame, sources[2])).toBeGreaterThan(20);
    const blend = sources[1].map((v, k) => (v + sources[2][k]) / 2);
    expect(diff(frame, blend)).toBeLessThan(30);
  });

  it("burns the captions in at the bottom", async () => {
    const sources = await Promise.all(imagePaths.map(small));
    const clip = result.timeline[0];
    const frame = await frameAt(result.videoPath, (clip.startMs + clip.durationMs / 2) / 1000);
    // The caption box sits at y 592-650 (row 15 of 18 is y 600-640), centred.
    const box = (px: Uint8Array) => {
      const out: number[] = [];
      for (let x = 13; x < 19; x++) out.push(...px.slice((15 * W + x) * 3, (15 * W + x) * 3 + 3));
      return new Uint8Array(out);
    };
    expect(diff(box(frame), box(sources[0]), 1)).toBeGreaterThan(30);
    // The caption comes from the burn-in, not the picture: the top rows still match.
    expect(diff(frame, sources[0])).toBeLessThan(15);
  });

  it("writes captions, the combined narration and a poster", async () => {
    const srt = await readFile(result.captionsSrtPath, "utf8");
    const vtt = await readFile(result.captionsVttPath, "utf8");
    expect(srt.match(/-->/g)?.length).toBe(CLIPS.length);
    expect(vtt.startsWith("WEBVTT")).toBe(true);
    expect(vtt.match(/-->/g)?.length).toBe(CLIPS.length);
    expect(totalMs).toBe(8000);
    expect(srt).toContain("00:00:03,000 --> 00:00:04,500\nNobody. Just the wind.");

    const mp3 = await probe(result.audioPath);
    expect(mp3.streams[0]?.codecName).toBe("mp3");
    expect(Math.abs(mp3.duration * 1000 - totalMs)).toBeLessThan(100);

    const poster = await sharp(result.posterPath).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(["jpeg", 1280, 720]);
    // The title band darkens the bottom of the first picture.
    const posterPx = await small(result.posterPath);
    expect(diff(posterPx.slice(15 * W * 3), (await small(imagePaths[0])).slice(15 * W * 3), 2)).toBeGreaterThan(30);
  });

  it("renders the same motion whether in one segment or several (no jump at the seams)", async () => {
    const one = await compileVideo({
      clips: CLIPS.map((c, i) => ({ imagePath: imagePaths[i], audioPath: audioPaths[i], durationMs: c.durationMs, caption: c.caption })),
      outDir: join(dir, "one-segment"),
      burnCaptions: true,
      segments: 1,
    });
    const frames = async (video: string) => {
      const { stdout } = await ffmpeg(["-i", video, "-vf", `scale=${W}:${H}`, "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"]);
      return new Uint8Array(stdout);
    };
    const [a, b] = [await frames(one.videoPath), await frames(result.videoPath)];
    expect(a.length).toBe(b.length);
    const size = W * H * 3;
    let worst = 0;
    for (let f = 0; f < a.length / size; f++)
      worst = Math.max(worst, diff(a.subarray(f * size, (f + 1) * size), b.subarray(f * size, (f + 1) * size), H));
    expect(worst).toBeLessThan(4);
  }, 60_000);

  it("handles a single clip without captions", async () => {
    const out = join(dir, "single");
    const single = await compileVideo({ clips: [{ imagePath: imagePaths[2], audioPath: audioPaths[2], durationMs: 1500 }], outDir: out });
    const info = await probe(single.videoPath);
    // Whole frames: within half a frame of the narration and its closing hold.
    expect(Math.abs(info.duration * 1000 - 3500)).toBeLessThanOrEqual(20);
    expect(single.captionsSrt).toBe("");
  }, 60_000);
});

describe("segments kept as MP4", () => {
  it("join into the same video, packet for packet and to the timestamp, as their MPEG-TS encodings did", async () => {
    const work = join(dir, "formats");
    await mkdir(work, { recursive: true });
    const timeline = buildTimeline(CLIPS.map((c) => c.durationMs));
    const segments = planSegments(timeline, 3);
    const kept: string[] = [];
    const encoded: string[] = [];
    for (const [s, segment] of segments.entries()) {
      kept.push(join(work, `segment-${s}.mp4`));
      await renderSegment({ timeline, segment, images: imagePaths, outPath: kept[s], work, name: `kept-${s}` });
      // The encoding renderSegment starts from, kept as it was before segments were kept as MP4.
      encoded.push(join(work, `segment-${s}.ts`));
      const { graph, args } = segmentCommand({ timeline, segment, images: imagePaths, outPath: encoded[s], scriptPath: join(work, `ts-${s}.filter`) });
      await writeFile(join(work, `ts-${s}.filter`), graph);
      await ffmpeg(args);
    }
    expect((await probe(kept[0])).formatName).toContain("mp4");
    const narration = join(work, "narration.m4a");
    await ffmpeg(["-i", audioPaths[0], "-c:a", "aac", narration]);
    const fromMp4 = join(work, "from-mp4.mp4");
    await joinSegments(kept, narration, fromMp4, work);
    const fromTs = join(work, "from-ts.mp4");
    await joinSegments(encoded, narration, fromTs, work);
    const packets = async (video: string) => (await ffmpeg(["-i", video, "-map", "0:v", "-c", "copy", "-f", "framemd5", "pipe:1"])).stdout.toString();
    const joined = await packets(fromMp4);
    expect(joined.split("\n").filter((line) => /^0,/.test(line))).toHaveLength(timeline.totalFrames);
    expect(joined).toBe(await packets(fromTs));
  }, 60_000);
});

describe("compileVideo failures", () => {
  it("rejects with ffmpeg's reason when an input is missing", async () => {
    const clips = [
      { imagePath: imagePaths[0], audioPath: audioPaths[0], durationMs: 800 },
      { imagePath: join(dir, "missing.png"), audioPath: audioPaths[1], durationMs: 800 },
    ];
    await expect(compileVideo({ clips, outDir: join(dir, "broken") })).rejects.toThrow(/missing\.png/);
    await expect(compileVideo({ clips: [], outDir: join(dir, "empty") })).rejects.toThrow(/at least one clip/);
  }, 60_000);
});

/** The compression method in an entry's local header (0 stored, 8 deflated). */
function compressionMethod(zip: Buffer, name: string): number {
  const header = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
  for (let offset = zip.indexOf(header); offset >= 0; offset = zip.indexOf(header, offset + 4)) {
    const nameLength = zip.readUInt16LE(offset + 26);
    if (zip.toString("utf8", offset + 30, offset + 30 + nameLength) === name) return zip.readUInt16LE(offset + 8);
  }
  throw new Error(`No entry ${name}`);
}

describe("writeProjectZip", () => {
  it("packs images, audio, captions, the screenplay and the edit list", async () => {
    const outPath = join(dir, "project.zip");
    const zipped = await writeProjectZip(
      {
        images: imagePaths.map((path, i) => ({ name: `block-${i}.png`, path })),
        audio: audioPaths.map((path, i) => ({ name: `block-${i}.wav`, path })),
        captionsSrt: await readFile(result.captionsSrtPath, "utf8"),
        captionsVtt: await readFile(result.captionsVttPath, "utf8"),
        screenplayJson: { title: "The Old House", blocks: CLIPS.map((c, i) => ({ id: `block-${i}`, text: c.caption })) },
        editList: editListOf(
          buildTimeline(CLIPS.map((c) => c.durationMs)),
          CLIPS.map((_, i) => ({ blockId: `block-${i}`, image: `block-${i}.png` })),
        ),
      },
      toFile(outPath),
    );
    const entries = unzipSync(new Uint8Array(await readFile(outPath)));
    const names = Object.keys(entries).sort();
    expect(names).toEqual(
      [
        ...CLIPS.map((_, i) => `audio/block-${i}.wav`),
        "captions.srt",
        "captions.vtt",
        "edit-list.json",
        ...CLIPS.map((_, i) => `images/block-${i}.png`),
        "screenplay.json",
      ].sort(),
    );
    expect(zipped.entries.sort()).toEqual(names);
    expect(Buffer.from(entries["images/block-1.png"]).equals(await readFile(imagePaths[1]))).toBe(true);
    const editList = JSON.parse(new TextDecoder().decode(entries["edit-list.json"]));
    expect(editList.version).toBe(2);
    // A 900 ms line holds 1,500 ms on screen: the edit list gives the hold, so the next clip starts where it ends.
    expect(editList.clips[1]).toEqual({
      blockId: "block-1",
      startMs: 1500,
      durationMs: 1500,
      audioDurationMs: 900,
      image: "images/0002-block-1.png",
      audio: "audio/0002-block-1.wav",
    });
    for (let i = 1; i < CLIPS.length; i++) {
      expect(editList.clips[i].startMs).toBe(editList.clips[i - 1].startMs + editList.clips[i - 1].durationMs);
    }
    expect(JSON.parse(new TextDecoder().decode(entries["screenplay.json"])).title).toBe("The Old House");
    // WAV and images are stored (deflate gains little on them for much CPU); text is deflated.
    const zip = await readFile(outPath);
    expect(compressionMethod(zip, "audio/block-0.wav")).toBe(0);
    expect(compressionMethod(zip, "images/block-0.png")).toBe(0);
    expect(compressionMethod(zip, "screenplay.json")).toBe(8);
  });

  it("refuses entry names that would escape their folder or collide", async () => {
    const base = { audio: [], captionsSrt: "", captionsVtt: "", screenplayJson: {}, editList: [] };
    const sink = toFile(join(dir, "bad.zip"));
    await expect(writeProjectZip({ ...base, images: [{ name: "..", path: imagePaths[0] }] }, sink)).rejects.toThrow(/Invalid/);
    await expect(
      writeProjectZip(
        {
          ...base,
          images: [
            { name: "a.png", path: imagePaths[0] },
            { name: "x/a.png", path: imagePaths[1] },
          ],
        },
        sink,
      ),
    ).rejects.toThrow(/Duplicate/);
  });

  it("fails, rather than waiting forever, when a file it packs cannot be read", async () => {
    const base = { audio: [], captionsSrt: "", captionsVtt: "", screenplayJson: {}, editList: [] };
    const images = [{ name: "gone.png", path: join(dir, "no-such-image.png") }];
    await expect(writeProjectZip({ ...base, images }, toFile(join(dir, "unreadable.zip")))).rejects.toThrow(/ENOENT/);
  });
});

describe("ffmpeg runner", () => {
  it("reports a failing run with the end of ffmpeg's stderr", async () => {
    const failure = ffmpeg(["-i", join(dir, "missing.mp4"), "-f", "null", "-"]);
    await expect(failure).rejects.toBeInstanceOf(FfmpegError);
    await expect(failure).rejects.toThrow(/exited with code 1.*missing\.mp4/s);
  });

  it("runs the narration beside encoders that hold every slot, and queues anything else behind them", async () => {
    const silence = (seconds: number, realtime: boolean) => [
      ...(realtime ? ["-re"] : []),
      "-f",
      "lavfi",
      "-i",
      "anullsrc",
      "-t",
      String(seconds),
      "-f",
      "null",
      "-",
    ];
    const finished: string[] = [];
    const encoders = Array.from({ length: MAX_PROCESSES }, () => ffmpeg(silence(1.5, true)).then(() => finished.push("encoder")));
    await ffmpeg(silence(0.1, false), { besideEncoders: true }).then(() => finished.push("beside"));
    const queued = ffmpeg(silence(0.1, false)).then(() => finished.push("queued"));
    await Promise.all([...encoders, queued]);
    expect(finished[0]).toBe("beside");
    expect(finished.indexOf("queued")).toBeGreaterThan(finished.indexOf("encoder"));
  });
});
