import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { randomUUID } from "node:crypto";
import type { PdfLayout } from "@storyboard/core/board/schema";
import type { FrameRateLabel } from "@storyboard/core/timeline/schema";
import type { AspectId } from "@storyboard/core/catalog/aspects";
import { startRuntime } from "./runtime";
import type { Timings } from "./cli/timings";
import { carriedVoices, carryCast, readReuseFolder, seedAssetStore, writeReuseFolder } from "./cli/reuse-folder";
import { linkOrCopy, storedObject } from "./s3-files";

function reuseReport(job: {
  mediaNeeded?: number;
  imagesReused?: number;
  audioReused?: number;
  segmentsReused?: number;
  segmentsEncoded?: number;
  mixPiecesReused?: number;
  mixPiecesMixed?: number;
  masterChunksReused?: number;
  masterChunksEncoded?: number;
}): ReuseReport {
  // Every media block needs an image and a line.
  const blocks = job.mediaNeeded ?? 0;
  const split = (reused = 0, total: number) => ({ reused, made: total - reused });
  return {
    images: split(job.imagesReused, blocks),
    lines: split(job.audioReused, blocks),
    segments: { reused: job.segmentsReused ?? 0, made: job.segmentsEncoded ?? 0 },
    mixPieces: { reused: job.mixPiecesReused ?? 0, made: job.mixPiecesMixed ?? 0 },
    masterChunks: { reused: job.masterChunksReused ?? 0, made: job.masterChunksEncoded ?? 0 },
  };
}

export interface RenderFileOptions {
  file: string;
  style: string;
  outDir: string;
  captions?: boolean;
  title?: string;
  /** The storyboard PDF's layout (`--pdf-layout`). */
  pdfLayout?: PdfLayout;
  /** The frame rate of the project zip's editing timelines (`--fps`). */
  timelineFps?: FrameRateLabel;
  /** The frames' and the video's aspect (`--aspect`). */
  aspect?: AspectId;
  /** The music bed (`--music`): none or the generated pads. */
  music?: "none" | "generated";
  /** Progress lines go here (the command line prints them). */
  log?: (line: string) => void;
  /** Where the wall time goes (`--timings`). */
  timings?: Timings;
  /** An earlier output folder whose images, lines and video segments are reused where unchanged (`--reuse`). */
  reuse?: string;
  /** Chosen voices by character name (`--voice NAME=ID`); the rest are chosen as on the web. */
  voices?: Record<string, string>;
}

/** What a render took from the earlier one and what it made. */
export interface ReuseReport {
  images: { reused: number; made: number };
  lines: { reused: number; made: number };
  segments: { reused: number; made: number };
  /** The sound mix's pieces (one per segment). */
  mixPieces: { reused: number; made: number };
  /** The master's chunks (one per piece, docs/decisions.md#a-master-in-chunks). */
  masterChunks: { reused: number; made: number };
}

export interface RenderFileResult {
  outputs: Record<"video" | "poster" | "audio" | "project", string>;
  pageCount: number;
  blocks: number;
  videoDurationMs: number;
  /** Stand-ins up, in ms (not part of the render). */
  startupMs: number;
  /** Upload to finished outputs, in ms. */
  renderMs: number;
  reuse: ReuseReport;
  /** The first frame of every video segment but the first: where the segments are joined. */
  seamFrames: number[];
}

/** Work that needs no stand-in: parse the file (to fail fast) and load the offline speech engine's WASM. */
async function prepareOffline(bytes: Uint8Array, fileName: string, timings?: Timings) {
  const { parseScreenplay } = await import("@storyboard/core/screenplay/parse");
  parseScreenplay(bytes, fileName);
  timings?.mark("screenplay parsed (early check)");
  const { espeakSampleRate } = await import("@storyboard/core/provider/offline/espeak");
  await espeakSampleRate();
  timings?.mark("speech engine loaded");
}

/**
 * Renders a screenplay file with the same pipeline the product runs, without
 * the web: the local stand-ins in a temporary folder, the offline providers,
 * the local state-machine runner; the outputs are copied to `outDir`.
 */
export async function renderScreenplayFile(options: RenderFileOptions): Promise<RenderFileResult> {
  const log = options.log ?? (() => {});
  const timings = options.timings;
  timings?.mark("render command started");
  const started = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), "storyboard-cli-"));
  const bytes = readFileSync(options.file);
  // Read first, so a folder with nothing to reuse fails before anything starts.
  const reuse = options.reuse ? await readReuseFolder(options.reuse) : undefined;
  // While the table (in process) and S3 (a child process) start: read the screenplay (a file
  // that is not one fails now, not after the stand-ins) and compile the offline speech engine.
  const [startup, early] = await Promise.allSettled([
    startRuntime({ dataDir, ports: "random", inMemoryDb: true, pipelineOnly: true }).then((runtime) => {
      timings?.mark("stand-ins ready");
      return runtime;
    }),
    prepareOffline(bytes, basename(options.file), timings),
  ]);
  if (startup.status === "rejected" || early.status === "rejected") {
    if (startup.status === "fulfilled") await startup.value.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw startup.status === "rejected" ? startup.reason : (early as PromiseRejectedResult).reason;
  }
  const runtime = startup.value;
  try {
    Object.assign(process.env, runtime.env, { LOG_LEVEL: process.env.LOG_LEVEL ?? "SILENT" });
    // Core reads the environment on first import: only now.
    const { withActor } = await import("@storyboard/core/actor");
    const { db } = await import("@storyboard/core/dynamo/service");
    const { uploadScreenplay } = await import("@storyboard/core/screenplay/upload");
    const { createRender } = await import("@storyboard/core/render/create");
    const { downloadFile, listObjects } = await import("@storyboard/core/blob/s3");
    const { config } = await import("@storyboard/core/config");
    const { dispatchS3Event, s3EventsSettled } = await import("./s3-events");
    const { useLocalWorkflows, workflowsSettled } = await import("./workflows");
    runtime.onS3Event(dispatchS3Event);
    useLocalWorkflows({ retryIntervalSeconds: 0, validateDefinitions: false, onTask: timings && ((task, ms) => timings.task(task, ms)) });
    const startupMs = Date.now() - started;
    timings?.mark("pipeline modules loaded");
    log(`Local services ready in ${(startupMs / 1000).toFixed(1)} s.`);

    const renderStarted = Date.now();
    // The content keys carry their owner: a reused folder's render runs as the owner its keys were made for.
    const userId = reuse?.userId ?? randomUUID();
    await db.entities.user
      // No mail from the command line (SES is not started).
      .create({
        userId,
        username: "cli",
        email: "cli@storyboard.local",
        referralCode: "CLI",
        unsubscribeToken: `${userId}.cli`,
        points: 1_000_000,
        notificationPreferences: { emailNotifications: false },
      })
      .go();
    const actor = { type: "user" as const, userId, roles: [], sessionId: "cli" };
    const { id: screenplayId } = await withActor(actor, () =>
      uploadScreenplay({ fileName: basename(options.file), bytes, title: options.title }),
    );
    let screenplay = (await db.entities.screenplay.get({ screenplayId }).go()).data!;
    while (screenplay.status === "uploaded" || screenplay.status === "parsing") {
      await s3EventsSettled();
      await new Promise((r) => setTimeout(r, 20));
      screenplay = (await db.entities.screenplay.get({ screenplayId }).go()).data!;
    }
    if (screenplay.status !== "ready") throw new Error(screenplay.failureReason ?? "The screenplay could not be read.");
    if (reuse) log(`Reusing from ${options.reuse}: ${await seedAssetStore(reuse, screenplayId, runtime.s3Dir)} stored file(s).`);
    const cast = await carryCast(reuse, screenplayId);
    const speakers = (screenplay.characterDictionary ?? {}) as Record<string, { isSpeaker?: boolean }>;
    for (const name of Object.keys(options.voices ?? {}))
      if (!speakers[name]?.isSpeaker) throw new Error(`--voice: nobody called ${name} speaks in this screenplay.`);
    const { NARRATOR_KEY } = await import("@storyboard/core/render/schema");
    const voices = carriedVoices(reuse, speakers, NARRATOR_KEY, options.voices ?? {});
    timings?.mark("uploaded and parsed");
    log(`Parsed "${screenplay.title}": ${screenplay.pageCount} page(s), ${screenplay.blockCount} blocks.`);

    const { id: renderJobId } = await withActor(actor, () =>
      createRender({
        screenplayId,
        title: options.title ?? screenplay.title,
        style: options.style as never,
        burnCaptions: Boolean(options.captions),
        pdfLayout: options.pdfLayout,
        timelineFps: options.timelineFps,
        aspect: options.aspect,
        music: options.music,
        previewDescriptionsBeforeFirstImages: false,
        previewImagesBeforeFirstRender: false,
        characterVoices: Object.fromEntries(Object.entries(voices).map(([name, voiceId]) => [name, { voiceId }])),
      }),
    );
    const chosen = (await db.entities.renderJob.get({ renderJobId }).go()).data?.characterVoices as
      Record<string, { voiceId: string }> | undefined;
    log(
      `Voices: ${Object.entries(chosen ?? {})
        .map(([name, v]) => `${name}=${v.voiceId}`)
        .join(", ")}`,
    );
    log("Rendering (descriptions, images and narration, then the video)...");
    timings?.mark("render created");
    await workflowsSettled();
    timings?.mark("pipeline finished");
    const job = (await db.entities.renderJob.get({ renderJobId }).go()).data!;
    if (job.status !== "complete") {
      const { data: logs } = await db.entities.errorLog.query.byRender({ renderJobId }).go();
      throw new Error(`The render failed: ${logs[0]?.errorMessage ?? job.failureReason ?? job.status}`);
    }
    await mkdir(options.outDir, { recursive: true });
    const outputs = {
      video: join(options.outDir, "video.mp4"),
      poster: join(options.outDir, "poster.jpg"),
      audio: join(options.outDir, "audio.mp3"),
      project: join(options.outDir, "project.zip"),
      storyboard: join(options.outDir, "storyboard.pdf"),
      shotList: join(options.outDir, "shot-list.csv"),
    };
    const keys = {
      video: job.outputFilePath,
      poster: job.posterImagePath,
      audio: job.combinedAudioPath,
      project: job.projectZipPath,
      storyboard: job.storyboardPdfPath,
      shotList: job.shotListPath,
    };
    const { getRenderBlocks, hasMedia } = await import("@storyboard/core/render/jobs");
    // What the report counts, read while the files are linked: the database here, the local S3 there.
    const recorded = Promise.all([
      db.entities.renderMedia.query.byRender({ renderJobId }).go({ pages: "all" }),
      getRenderBlocks(renderJobId),
    ]);
    const voicesUsed = Object.fromEntries(Object.entries(chosen ?? {}).map(([name, v]) => [name, v.voiceId]));
    const [[{ data: media }, blocks]] = await Promise.all([
      recorded,
      writeReuseFolder(options.outDir, { userId, screenplayId, cast, voices: voicesUsed }, runtime.s3Dir, reuse),
      ...Object.entries(outputs).map(async ([name, path]) => {
        const key = keys[name as keyof typeof keys]!;
        // The local S3's own file of the output, linked when it holds the listed length: the bytes S3 serves, without
        // passing them through HTTP (a feature's are gigabytes). Else streamed to disk: more than one buffer holds.
        const listed = (await listObjects(config.mediaBucket, key)).find((o) => o.key === key);
        const stored = listed && (await storedObject(runtime.s3Dir, config.mediaBucket, key, listed.size));
        if (stored) await linkOrCopy(stored.file, path);
        else await downloadFile(config.mediaBucket, key, path);
      }),
    ]);
    timings?.mark("outputs written");
    const { buildTimeline } = await import("@storyboard/core/media/timeline");
    const { segmentOf } = await import("@storyboard/core/media/segments");
    const clips = blocks.filter(hasMedia);
    const timeline = buildTimeline(
      clips.map((b) => b.duration ?? 0),
      { segmentStarts: job.segmentStarts ?? [] },
    );
    return {
      outputs,
      pageCount: screenplay.pageCount ?? 1,
      blocks: media.filter((m) => m.type === "audio").length,
      videoDurationMs: media.find((m) => m.type === "video")?.duration ?? 0,
      startupMs,
      renderMs: Date.now() - renderStarted,
      reuse: reuseReport(job),
      // Where each segment's frames begin: after the fade into its first clip, which the segment before encodes.
      seamFrames: (job.segmentStarts ?? []).map((clip) => segmentOf(timeline, clip, clip + 1).startFrame),
    };
  } finally {
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
