/**
 * Compiles a render's stills and narration into its deliverables: video.mp4
 * (H.264 + AAC, the render's aspect: 1280x720 for 16:9, 720x1280 for 9:16;
 * 25 fps, Ken Burns motion, crossfades), poster.jpg,
 * audio.mp3 and captions (.srt, .vtt). The picture is rendered as parallel
 * segments (segments.ts) joined with a stream copy, while the narration is
 * encoded by a process of its own (narration.ts); the video's length equals
 * the narration's to within half a frame. The steps are exported for the
 * render's compile tasks (render/compile.ts), which run them in separate
 * Lambdas; compileVideo runs them all in one process.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { ffmpeg } from "./ffmpeg";
import { writeNarration } from "./narration";
import { captionTop, getAspect } from "../catalog/aspects";
import {
  type CaptionImage,
  DEFAULT_FRAME,
  type FrameSize,
  planSegments,
  planVideoSegments,
  type Segment,
  SEGMENT_FORMAT,
  segmentCommand,
} from "./segments";
import { captionLineChars, captionParts } from "./captions";
import { CAPTION_BOX_HEIGHT, captionPng, titlePng } from "./text-overlay";
import { buildTimeline, cuesOf, type Timeline, toSrt, toVtt } from "./timeline";

export interface CompileClip {
  imagePath: string;
  audioPath: string;
  /** The narration length; the picture is held exactly this long. */
  durationMs: number;
  caption?: string;
}

export interface CompileOptions {
  clips: CompileClip[];
  outDir: string;
  burnCaptions?: boolean;
  /** Drawn on the poster when given. */
  title?: string;
  /** Parallel ffmpeg processes (default: the number of CPUs). */
  concurrency?: number;
  /** Video segments (default: planVideoSegments, as the compile phase cuts them). */
  segments?: number;
  /** The frames' aspect id (catalog/aspects.ts): the video's and the poster's size; default 16:9. */
  aspect?: string;
}

export interface CompileResult {
  videoPath: string;
  posterPath: string;
  audioPath: string;
  captionsSrtPath: string;
  captionsVttPath: string;
  captionsSrt: string;
  captionsVtt: string;
  durationMs: number;
  /** Where each clip sits in the video. */
  timeline: { startMs: number; durationMs: number }[];
}

/** Runs tasks with at most `limit` in flight; after a failure it starts no more and rejects. */
async function runLimited(tasks: (() => Promise<unknown>)[], limit: number): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < tasks.length) {
      try {
        await tasks[next++]();
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  throwFirstFailure(results);
}

/** Waits for everything (so no process outlives the work folder) and rethrows the first error. */
function throwFirstFailure(results: PromiseSettledResult<unknown>[]): void {
  const failure = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failure) throw failure.reason;
}

export async function writePoster(imagePath: string, outPath: string, title?: string, size: FrameSize = DEFAULT_FRAME): Promise<void> {
  // Separate sharp stages: sharp reorders operations inside one pipeline.
  const base = await sharp(imagePath).resize(size.width, size.height, { fit: "cover" }).removeAlpha().png().toBuffer();
  const titled = title?.trim()
    ? await sharp(base)
        .composite([{ input: titlePng(title.trim(), size.width, size.height) }])
        .png()
        .toBuffer()
    : base;
  await sharp(titled).jpeg({ quality: 88 }).toFile(outPath);
}

/** Per clip that has a caption, a PNG per part of it (captions.ts) with its share of the shot, written to `work`. */
export async function writeCaptionImages(
  captions: (string | undefined)[],
  work: string,
  size: FrameSize = DEFAULT_FRAME,
): Promise<(CaptionImage[] | undefined)[]> {
  const images: (CaptionImage[] | undefined)[] = [];
  await Promise.all(
    captions.map(async (caption, i) => {
      if (!caption?.trim()) return;
      images[i] = await Promise.all(
        captionParts(caption, captionLineChars(size.width)).map(async ({ text, share }, k) => {
          const path = join(work, `caption-${i}-${k}.png`);
          await writeFile(path, captionPng(text, size.width));
          return { path, share };
        }),
      );
    }),
  );
  return images;
}

export interface RenderSegmentInput {
  timeline: Timeline;
  segment: Segment;
  /** Per clip, its still; only this segment's clips and the next segment's first (it ends with the fade into it) are read. */
  images: string[];
  captionImages?: (CaptionImage[] | undefined)[];
  outPath: string;
  work: string;
  /** Names the filter script in `work`. */
  name: string;
  size?: FrameSize;
}

/**
 * Encodes one segment (segments.ts) to an MP4 file (`outPath`): encoded as MPEG-TS, whose every key frame carries
 * its own parameter sets, then copied into MP4, which the join reads for a third less work than MPEG-TS, into the
 * same video (docs/decisions.md#segments-kept-as-mp4).
 */
export async function renderSegment(input: RenderSegmentInput): Promise<void> {
  const scriptPath = join(input.work, `${input.name}.filter`);
  const encoded = join(input.work, `${input.name}.ts`);
  const size = input.size ?? DEFAULT_FRAME;
  // Upright videos carry their captions higher, clear of a phone app's controls (catalog/aspects.ts captionTop).
  const captionY = captionTop(size, CAPTION_BOX_HEIGHT);
  const { graph, args } = segmentCommand({ ...input, outPath: encoded, size, captionY, scriptPath });
  await writeFile(scriptPath, graph);
  await ffmpeg(args);
  await ffmpeg(["-i", encoded, "-map", "0:v", "-c", "copy", "-f", SEGMENT_FORMAT, input.outPath]);
  await rm(encoded, { force: true });
}

/** The segments one after the other with the narration beside them, copied without re-encoding. */
export async function joinSegments(segmentPaths: string[], narrationPath: string, outPath: string, work: string): Promise<void> {
  const list = join(work, "segments.txt");
  await writeFile(list, segmentPaths.map((p) => `file '${p.replace(/'/g, "'\\''")}'`).join("\n"));
  await ffmpeg([
    "-f",
    "concat",
    "-safe",
    "0",
    "-i",
    list,
    "-i",
    narrationPath,
    "-map",
    "0:v",
    "-map",
    "1:a",
    "-c",
    "copy",
    "-movflags",
    "+faststart",
    outPath,
  ]);
}

/** The subtitle files of a video: one cue per captioned clip. */
export function captionFiles(timeline: Timeline, captions: (string | undefined)[]): { srt: string; vtt: string } {
  const cues = cuesOf(timeline, captions);
  return { srt: toSrt(cues), vtt: toVtt(cues) };
}

export async function compileVideo(options: CompileOptions): Promise<CompileResult> {
  const { clips, outDir } = options;
  if (clips.length === 0) throw new Error("compileVideo needs at least one clip.");
  const size = getAspect(options.aspect);
  const timeline = buildTimeline(clips.map((c) => c.durationMs));
  const concurrency = Math.max(1, options.concurrency ?? availableParallelism());
  await mkdir(outDir, { recursive: true });
  const work = await mkdtemp(join(tmpdir(), "storyboard-compile-"));
  const out = {
    video: join(outDir, "video.mp4"),
    poster: join(outDir, "poster.jpg"),
    audio: join(outDir, "audio.mp3"),
    srt: join(outDir, "captions.srt"),
    vtt: join(outDir, "captions.vtt"),
  };
  try {
    const captionImages = options.burnCaptions
      ? await writeCaptionImages(
          clips.map((c) => c.caption),
          work,
          size,
        )
      : [];
    const segments = options.segments ? planSegments(timeline, options.segments) : planVideoSegments(timeline);
    const segmentPaths = segments.map((_, s) => join(work, `segment-${String(s).padStart(4, "0")}.mp4`));
    const narration = join(work, "narration.m4a");
    const images = clips.map((c) => c.imagePath);
    const renderSegments = segments.map(
      (segment, s) => () =>
        renderSegment({ timeline, segment, images, captionImages, outPath: segmentPaths[s], work, name: `segment-${s}`, size }),
    );
    // The narration and poster are light: they run beside the segments.
    const narrationClips = clips.map((c, i) => ({ audioPath: c.audioPath, startMs: timeline.clips[i].startMs, durationMs: c.durationMs }));
    throwFirstFailure(
      await Promise.allSettled([
        runLimited(renderSegments, concurrency),
        writeNarration(narrationClips, work, narration, out.audio),
        writePoster(clips[0].imagePath, out.poster, options.title, size),
      ]),
    );
    await joinSegments(segmentPaths, narration, out.video, work);

    const { srt: captionsSrt, vtt: captionsVtt } = captionFiles(
      timeline,
      clips.map((c) => c.caption),
    );
    await Promise.all([writeFile(out.srt, captionsSrt), writeFile(out.vtt, captionsVtt)]);
    return {
      videoPath: out.video,
      posterPath: out.poster,
      audioPath: out.audio,
      captionsSrtPath: out.srt,
      captionsVttPath: out.vtt,
      captionsSrt,
      captionsVtt,
      durationMs: timeline.totalMs,
      timeline: timeline.clips.map((c) => ({ startMs: c.startMs, durationMs: c.durationMs })),
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
